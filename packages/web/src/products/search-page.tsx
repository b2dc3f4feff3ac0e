import { messages } from "@katale/domain";
import { Navigate, useParams } from "react-router";
import { BrowseListing } from "../find/browse-listing.js";
import { PageTitle } from "../ui/page-title.js";
import { useLastSearch } from "./use-product-search.js";

/**
 * /products/search/{query}: the products the words find, with the filter panel; an illustration
 * when nothing matches; blank words go home.
 */
export default function SearchPage() {
  const { last } = useLastSearch();
  const text = (useParams().query ?? last() ?? "").trim();
  if (text === "") return <Navigate to="/" replace />;
  return (
    <div className="page py-4">
      <PageTitle>{messages.web.searchResultsFor(text)}</PageTitle>
      <div className="mt-4">
        <BrowseListing
          key={text}
          scope={{ q: text }}
          title={text}
          emptyNote={
            <div className="flex flex-col items-center gap-4 py-8 text-center">
              <img src="/no-results.svg" alt="" width={320} height={240} className="h-auto w-64" />
              <p className="text-gray-700">{messages.web.noSearchResults(text)}</p>
            </div>
          }
        />
      </div>
    </div>
  );
}
