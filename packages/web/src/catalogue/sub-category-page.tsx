import { errorMessage, messages, PRODUCT_LIST_SPINNER_MS } from "@katale/domain";
import { useParams } from "react-router";
import { BrowseListing } from "../find/browse-listing.js";
import { Breadcrumbs } from "../ui/breadcrumbs.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { useElapsed } from "../ui/use-elapsed.js";
import { SubCategoryRow } from "./sub-category-row.js";
import { useSubCategoryPlace } from "./use-listings.js";

/**
 * /products/sub-category/{name}: Home > Subcategory > name, sibling row, then the products with the
 * filter panel. The spinner stays until 3 s after the page loaded (spec §2, §9) before 'No products'
 * may show, so a slow answer never flashes an empty listing; products that have arrived show at once.
 */
export default function SubCategoryPage() {
  const name = useParams().name ?? "";
  const query = useSubCategoryPlace(name);
  const waited = useElapsed(PRODUCT_LIST_SPINNER_MS, name);
  const result = query.data;
  const title = result?.ok ? result.value.subCategory.name : name;
  const missing = result?.ok === false && result.error.kind === "not-found";
  return (
    <div className="page pb-8">
      <Breadcrumbs
        crumbs={[
          { label: messages.catalogue.home, to: "/" },
          { label: messages.catalogue.subCategoryBreadcrumb, to: "/products" },
          { label: title },
        ]}
      />
      {result === undefined || (missing && !waited) ? (
        <Spinner />
      ) : !result.ok ? (
        missing ? (
          <EmptyState>{messages.products.noProducts}</EmptyState>
        ) : (
          <ErrorState message={errorMessage(result.error)} onRetry={() => query.refetch()} />
        )
      ) : (
        <>
          <PageTitle>{title}</PageTitle>
          <div className="mt-3 mb-5">
            <SubCategoryRow
              subCategories={result.value.siblings}
              currentId={result.value.subCategory.id}
              label={result.value.subCategory.categoryName ?? title}
            />
          </div>
          <BrowseListing
            key={result.value.subCategory.id}
            scope={{ subCategoryId: result.value.subCategory.id }}
            title={title}
            holdEmpty={!waited}
          />
        </>
      )}
    </div>
  );
}
