import { errorMessage, messages, subCategoriesFor } from "@katale/domain";
import { useParams } from "react-router";
import { BrowseListing } from "../find/browse-listing.js";
import { Breadcrumbs } from "../ui/breadcrumbs.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { SubCategoryRow } from "./sub-category-row.js";
import { useCategoryPlace } from "./use-listings.js";

/**
 * /products/category/{name}: breadcrumb, 'Sub categories for {category}', sub-category row, then the
 * category's products with the filter panel (narrowings in the URL's query string).
 */
export default function CategoryPage() {
  const name = useParams()["*"] ?? "";
  const query = useCategoryPlace(name);
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
          <BrowseListing
            scope={{ categoryId: result.value.category.id }}
            title={result.value.category.name}
          />
        </>
      )}
    </div>
  );
}
