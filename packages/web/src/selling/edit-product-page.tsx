import { err, messages, ok, type Product, type Shop, webSellingMessages } from "@katale/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { UploadProgress } from "../media/upload-progress.js";
import { useUploadSession } from "../media/use-upload-session.js";
import { productPath } from "../products/product-path.js";
import { Banner, Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { ErrorState } from "../ui/error-state.js";
import { useNotice } from "../ui/notices.js";
import { Spinner } from "../ui/spinner.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { ShopChoiceState } from "./add-product-page.js";
import { ProductFormFields, ProductFormFrame } from "./product-form.js";
import { keptImages } from "./product-form-images.js";
import {
  chosenFilterValueIds,
  type ProductFormValues,
  productFormValuesSchema,
} from "./product-form-schema.js";
import { shopAdminPath, useMyShops, useProductsChanged } from "./product-form-shop.js";
import { splitForEdit } from "./product-form-upload.js";
import { ownProductKey, useOwnProduct, useProductWrites } from "./use-product-writes.js";

/** The form's values for `product` as it stands. */
function valuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    categoryId: String(product.categoryId),
    subCategoryId: String(product.subCategoryId),
    description: product.description,
    price: String(product.price),
    inStock: String(product.inStock),
    images: keptImages(product.images),
    filterValues: Object.fromEntries(
      (product.filters ?? []).map((f) => [String(f.filterId), String(f.valueId)]),
    ),
  };
}

/**
 * /account/edit-product/:productId: the product form filled in; only what changed is sent (spec §7's
 * image flags for removed and added images). Delete asks first, then goes to the shop's admin page.
 */
export default function EditProductPage() {
  const { productId } = useParams();
  const id = Number(productId);
  const text = webSellingMessages;
  const product = useOwnProduct(id);
  const shops = useMyShops();

  const found = product.data?.ok ? product.data.value : null;
  const shop = found && shops.data?.ok ? shops.data.value.find((s) => s.id === found.shopId) : undefined;
  let body: ReactNode;
  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (product.data && !product.data.ok && product.data.error.kind === "not-found")
  )
    body = <ErrorState message={messages.products.doesNotExist} />;
  else if (product.isPending || shops.isPending) body = <Spinner label={text.loading} />;
  else if (!product.data?.ok || !shops.data?.ok)
    body = (
      <ErrorState
        message={messages.common.checkConnection}
        onRetry={() => {
          void product.refetch();
          void shops.refetch();
        }}
      />
    );
  else if (found === null || shop === undefined) body = <ShopChoiceState choice={{ state: "not-owner" }} />;
  else return <EditProductForm key={found.id} product={found} shop={shop} />;

  return (
    <ProductFormFrame title={text.editProduct} backTo="/shops/all-shops">
      {body}
    </ProductFormFrame>
  );
}

function EditProductForm({ product: loaded, shop }: { product: Product; shop: Shop }) {
  const writes = useProductWrites();
  const client = useQueryClient();
  const changed = useProductsChanged();
  const [product, setProduct] = useState(loaded);
  const upload = useUploadSession();
  const [confirming, setConfirming] = useState(false);
  const text = webSellingMessages;
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    productFormValuesSchema,
    (values) =>
      upload.run(async (onStage, cancelled) => {
        try {
          const { kept, upload: added } = splitForEdit(product.images, values.images);
          const addedImages = added.length > 0 ? await writes.prepareUploads(added, onStage, cancelled) : [];
          const answer = await writes.edit(product, {
            ...values,
            keptImages: kept,
            addedImages,
            filterValueIds: chosenFilterValueIds(values.filterValues),
          });
          if (answer.ok && !answer.value.changed)
            return ok({ ...answer.value, message: text.nothingChanged });
          return answer;
        } catch {
          return err({ kind: "network" as const, message: messages.products.editFailed });
        }
      }),
    {
      defaultValues: valuesOf(loaded),
      onSuccess: (done, _values, { reset }) => {
        if (!done.changed) return;
        // What the service answers is what the next edit compares with.
        setProduct(done.product);
        client.setQueryData(ownProductKey(done.product.id), ok(done.product));
        reset(valuesOf(done.product));
        changed();
      },
    },
  );

  return (
    <ProductFormFrame title={text.editProduct} backTo={shopAdminPath(shop.id)}>
      <div className="-mt-1 mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <span className="text-gray-600">{shop.name}</span>
        <Link to={productPath(product.slug)} className="btn-link">
          <ExternalLink aria-hidden="true" size={16} className="mr-1" />
          {product.name}
        </Link>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={busy}>
        <ProductFormFields form={form} busy={busy} />
        <div className="flex flex-col gap-3">
          <UploadProgress stage={upload.stage} onCancel={upload.cancel} />
          <Banners state={banner} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <button
              type="button"
              className="btn-secondary border-red-300 text-red-700 hover:bg-red-50"
              aria-haspopup="dialog"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" size={18} />
              {text.deleteProduct}
            </button>
            <SubmitButton busy={busy} busyLabel={text.saving} className="w-full sm:w-auto">
              {text.saveChanges}
            </SubmitButton>
          </div>
        </div>
      </form>
      {confirming && <DeleteProductDialog product={product} onClose={() => setConfirming(false)} />}
    </ProductFormFrame>
  );
}

/** 'Delete this product?' with Cancel (focused first) and Delete; deleted, it goes to the shop's admin page. */
function DeleteProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const writes = useProductWrites();
  const navigate = useNavigate();
  const notify = useNotice();
  const changed = useProductsChanged();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const text = webSellingMessages;

  async function remove() {
    setBusy(true);
    setFailure(null);
    const answer = await writes.remove(product.id);
    if (!answer.ok) {
      setBusy(false);
      setFailure(answer.error.message);
      return;
    }
    notify(answer.value.message);
    navigate(shopAdminPath(product.shopId), { replace: true });
    changed();
  }

  return (
    <Dialog
      title={messages.selling.confirmDeleteProduct}
      description={text.confirmDeleteNamed(product.name)}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <div className="flex flex-col gap-3">
        <Banner tone="error">{failure ?? undefined}</Banner>
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className="btn-secondary" data-autofocus disabled={busy} onClick={onClose}>
            {text.cancel}
          </button>
          <button type="button" className="btn-danger" disabled={busy} aria-busy={busy} onClick={remove}>
            {busy ? text.deleting : messages.reviews.delete}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
