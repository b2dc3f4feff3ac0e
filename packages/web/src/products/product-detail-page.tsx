import { errorMessage, MISSING_PRODUCT_REDIRECT_MS, messages, type ProductDetail } from "@katale/domain";
import { useDeferredValue, useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { categoryPath, subCategoryPath } from "../catalogue/catalogue-paths.js";
import { HiddenBanner } from "../moderation/hidden-banner.js";
import { ReportButton } from "../moderation/report-button.js";
import { ShopCard } from "../shops/shop-card.js";
import { SafetyNote } from "../support/safety-note.js";
import { lazyStyled } from "../ui/all-styles.js";
import { Breadcrumbs } from "../ui/breadcrumbs.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { WhenNear } from "../ui/when-near.js";
import { ProductFilters } from "./product-filters.js";
import { ProductGallery } from "./product-gallery.js";
import { ProductGrid } from "./product-grid.js";
import { ProductSummary } from "./product-summary.js";
import { useProductDetail } from "./use-product-detail.js";
import { useRecordView } from "./use-record-view.js";

// The reviews' code (their form, and zod for its checks) loads as they come near, not with the page:
// building zod in the page's first task made it the longest task of a product page's start.
const ReviewsList = lazyStyled<{ productId: number }>(() =>
  import("./reviews-list.js").then((m) => ({ default: m.ReviewsList })),
);

/** After 'Product does not exist', home in 2 s (spec §2). */
function MissingProduct() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/", { replace: true }), MISSING_PRODUCT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <p role="alert" className="py-16 text-center text-lg text-gray-800">
      {messages.products.doesNotExist}
    </p>
  );
}

/** /item/{slug} and /item (the stored activeProduct). */
export default function ProductDetailPage() {
  const { slug } = useParams();
  const { product: productQuery, detail: detailQuery } = useProductDetail(slug);
  const result = productQuery.data;
  useRecordView(result?.ok ? result.value.id : null);
  // The shop, its other products and the related lists arrive after the first screen: drawn in a
  // background render that yields to the browser every few milliseconds, instead of one long task
  // as the answer lands (a query's update renders at once; issue 13). Until then the spinner stays.
  const deferred = useDeferredValue(detailQuery.data ?? null);
  if (result !== undefined && !result.ok) {
    return (
      <div className="page">
        {result.error.kind === "not-found" ? (
          <MissingProduct />
        ) : (
          <ErrorState message={errorMessage(result.error)} onRetry={() => productQuery.refetch()} />
        )}
      </div>
    );
  }
  const product = result?.value ?? null;
  if (product === null) return <Spinner className="min-h-[50vh]" />;
  // Never the previous product's while the next one's is drawn.
  const detail = deferred?.product.id === product.id ? deferred : null;
  return (
    <div className="page pb-8">
      <Breadcrumbs
        crumbs={[
          { label: messages.catalogue.home, to: "/" },
          { label: product.categoryName, to: categoryPath(product.categoryName) },
          { label: product.subCategoryName, to: subCategoryPath(product.subCategoryName) },
          { label: product.name },
        ]}
      />
      {product.moderation?.hidden && <HiddenBanner note={product.moderation.note} />}
      <div className="grid gap-6 md:grid-cols-2">
        <ProductGallery key={product.id} images={product.images} name={product.name} />
        {detail === null ? (
          // The summary's room until the shop is known; nothing shown sits under it yet.
          <Spinner className="min-h-[50vh] items-start" />
        ) : (
          <div className="flex min-w-0 flex-col gap-4">
            <ProductSummary detail={detail} />
            {/* Where money is discussed: the price, the contacts, Message Seller. */}
            <SafetyNote />
            <ReportButton target="product" targetId={product.id} className="self-start" />
          </div>
        )}
      </div>
      {detail !== null && <ProductDetailRest detail={detail} />}
    </div>
  );
}

/** Description, reviews and the related lists, once the whole detail is there. */
function ProductDetailRest({ detail }: { detail: ProductDetail }) {
  const { product } = detail;
  return (
    <>
      <section aria-labelledby="description-title" className="mt-8">
        <h2 id="description-title" className="section-title">
          {messages.products.description}
        </h2>
        <p className="mt-2 whitespace-pre-line text-gray-800">{product.description}</p>
      </section>
      <ProductFilters filters={product.filters ?? []} />
      {/* Below the first screen: reviews (a request of their own) and the grids render when near. */}
      <WhenNear key={`reviews-${product.id}`} placeholder={<div className="mt-8 min-h-40" />}>
        <ReviewsList productId={product.id} />
      </WhenNear>
      <WhenNear key={`more-${product.id}`} placeholder={<div className="mt-8 min-h-96" />}>
        <MoreProducts detail={detail} />
      </WhenNear>
    </>
  );
}

/** 'More products from us', 'Related products from other shops' and the related shops. */
function MoreProducts({ detail }: { detail: ProductDetail }) {
  return (
    <>
      {detail.moreFromShop.length > 0 && (
        <section aria-labelledby="more-title" className="mt-8">
          <h2 id="more-title" className="section-title mb-3">
            {messages.products.moreFromUs}
          </h2>
          <ProductGrid products={detail.moreFromShop} />
        </section>
      )}
      {detail.relatedFromOtherShops.length > 0 && (
        <section aria-labelledby="related-title" className="mt-8">
          <h2 id="related-title" className="section-title mb-3">
            {messages.products.relatedFromOtherShops}
          </h2>
          <ProductGrid products={detail.relatedFromOtherShops} />
        </section>
      )}
      {detail.relatedShops.length > 0 && (
        <section aria-labelledby="related-shops-title" className="mt-8">
          <h2 id="related-shops-title" className="section-title mb-3">
            {messages.products.relatedShops}
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {detail.relatedShops.map((shop) => (
              <li key={shop.id}>
                <ShopCard shop={shop} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
