import { errorMessage, messages } from "@katale/domain";
import { Navigate, useParams } from "react-router";
import { ErrorState } from "../ui/error-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { ProductGrid } from "./product-grid.js";
import { useLastSearch, useProductSearch } from "./use-product-search.js";

/** /products/search/{query}: results grid, or an illustration when nothing matches; blank goes home. */
export default function SearchPage() {
  const { last } = useLastSearch();
  const text = useParams().query ?? last() ?? "";
  const query = useProductSearch(text);
  const result = query.data;
  if (result?.ok && result.value.kind === "redirect-home") return <Navigate to="/" replace />;
  return (
    <div className="page py-4">
      <PageTitle>{messages.web.searchResultsFor(text.trim())}</PageTitle>
      <div className="mt-4">
        {result === undefined ? (
          <Spinner />
        ) : !result.ok ? (
          <ErrorState message={errorMessage(result.error)} onRetry={() => query.refetch()} />
        ) : result.value.kind === "results" && result.value.products.some((p) => p.inStock > 0) ? (
          <ProductGrid products={result.value.products} priorityCount={4} />
        ) : (
          <div className="flex flex-col items-center gap-4 py-8 text-center">
            <img src="/no-results.svg" alt="" width={320} height={240} className="h-auto w-64" />
            <p className="text-gray-700">{messages.web.noSearchResults(text.trim())}</p>
          </div>
        )}
      </div>
    </div>
  );
}
