import { errorMessage, messages, subCategoriesFor } from "@katale/domain";
import { useParams } from "react-router";
import { Breadcrumbs } from "../ui/breadcrumbs.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { usePageParam } from "../ui/use-page-param.js";
import { ListingResults } from "./listing-results.js";
import { SubCategoryRow } from "./sub-category-row.js";
import { useCategoryListing } from "./use-listings.js";

/** /products/category/{name}: breadcrumb, 'Sub categories for {category}', sub-category row, grid. */
export default function CategoryPage() {
  const name = useParams()["*"] ?? "";
  const [page, setPage] = usePageParam();
  const query = useCategoryListing(name, page);
  const result = query.data;
  return (
    <div className="page pb-8">
      <Breadcrumbs
        crumbs={[
          { label: messages.catalogue.home, to: "/" },
          { label: result?.ok ? result.value.category.name : name },
        ]}
      />
      {result === undefined ? (
        <Spinner />
      ) : !result.ok ? (
        result.error.kind === "not-found" ? (
          <EmptyState>{messages.products.noProducts}</EmptyState>
        ) : (
          <ErrorState message={errorMessage(result.error)} onRetry={() => query.refetch()} />
        )
      ) : (
        <>
          <PageTitle>{subCategoriesFor(result.value.category.name)}</PageTitle>
          <div className="mt-3 mb-5">
            {result.value.subCategories.length === 0 ? (
              <p className="text-gray-600">{messages.catalogue.noSubCategoriesAvailable}</p>
            ) : (
              <SubCategoryRow
                subCategories={result.value.subCategories}
                label={subCategoriesFor(result.value.category.name)}
              />
            )}
          </div>
          <ListingResults products={result.value.products} onPage={setPage} busy={query.isPlaceholderData} />
        </>
      )}
    </div>
  );
}
