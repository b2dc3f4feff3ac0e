import { err, messages, PRODUCT_CREATE_ERROR_MS, type Shop, webSellingMessages } from "@katale/domain";
import { Link, useNavigate } from "react-router";
import { UploadProgress } from "../media/upload-progress.js";
import { uploadCancelledFailure, useUploadSession } from "../media/use-upload-session.js";
import { productPath } from "../products/product-path.js";
import { Banners } from "../ui/banner.js";
import { ErrorState } from "../ui/error-state.js";
import { useNotice } from "../ui/notices.js";
import { Spinner } from "../ui/spinner.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { ProductFormFields, ProductFormFrame } from "./product-form.js";
import {
  chosenFilterValueIds,
  type ProductFormValues,
  productFormValuesSchema,
} from "./product-form-schema.js";
import { shopAdminPath, useChosenShop, useProductsChanged } from "./product-form-shop.js";
import { useProductWrites } from "./use-product-writes.js";

const blank: ProductFormValues = {
  name: "",
  categoryId: "",
  subCategoryId: "",
  description: "",
  price: "",
  inStock: "",
  images: [],
  filterValues: {},
};

/** /account/add-product?shop=ID: the product form of spec §2; success opens the product's page. */
export default function AddProductPage() {
  const choice = useChosenShop();
  const text = webSellingMessages;
  if (choice.state === "ready") return <AddProductForm shop={choice.shop} />;
  return (
    <ProductFormFrame title={text.addProduct} backTo="/shops/all-shops">
      <ShopChoiceState choice={choice} />
    </ProductFormFrame>
  );
}

/** Loading, failed, no shop, or someone else's shop: what the product pages show instead of the form. */
export function ShopChoiceState({ choice }: { choice: ReturnType<typeof useChosenShop> }) {
  const text = webSellingMessages;
  if (choice.state === "loading") return <Spinner label={text.loading} />;
  if (choice.state === "failed")
    return <ErrorState message={messages.common.checkConnection} onRetry={choice.retry} />;
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-gray-700">
      <p>{choice.state === "not-owner" ? messages.selling.notOwner : text.noShop}</p>
      <Link to="/shops/all-shops" className="btn-secondary">
        {text.openMyShops}
      </Link>
    </div>
  );
}

function AddProductForm({ shop }: { shop: Shop }) {
  const writes = useProductWrites();
  const navigate = useNavigate();
  const notify = useNotice();
  const changed = useProductsChanged();
  const upload = useUploadSession();
  const text = webSellingMessages;
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    productFormValuesSchema,
    (values) =>
      upload.run(async (onStage, cancelled) => {
        try {
          const images = await writes.prepareUploads(values.images, onStage, cancelled);
          return await writes.add(shop.id, {
            ...values,
            images,
            filterValueIds: chosenFilterValueIds(values.filterValues),
          });
        } catch {
          return err({ kind: "network" as const, message: messages.products.createFailed });
        }
      }),
    {
      defaultValues: blank,
      successBanner: false,
      // 'Error creating product, check internet connection and try again.' shows 4 s (spec §8);
      // 'Upload cancelled' stays until the next try.
      bannerLastsMs: (failure) =>
        failure === null || failure === uploadCancelledFailure ? undefined : PRODUCT_CREATE_ERROR_MS,
      onSuccess: (done) => {
        writes.rememberAdded(shop.id, done.product.id);
        changed();
        notify(done.message);
        navigate(productPath(done.product.slug));
      },
    },
  );

  return (
    <ProductFormFrame title={text.addProduct} backTo={shopAdminPath(shop.id)}>
      <p className="-mt-1 mb-4 text-sm text-gray-600">{shop.name}</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={busy}>
        <ProductFormFields form={form} busy={busy} />
        <div className="flex flex-col gap-3">
          <UploadProgress stage={upload.stage} onCancel={upload.cancel} />
          <Banners state={banner} />
          <SubmitButton busy={busy} busyLabel={text.adding} className="w-full sm:w-auto sm:self-start">
            {text.addProductButton}
          </SubmitButton>
        </div>
      </form>
    </ProductFormFrame>
  );
}
