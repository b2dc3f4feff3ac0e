import { errorMessage, filterShops, messages } from "@katale/domain";
import { useParams } from "react-router";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { ShopGrid } from "./shop-grid.js";
import { useShops } from "./use-shops.js";

/** /shops/search/{query}: shops whose name contains the text. */
export default function ShopSearchPage() {
  const text = useParams()["*"] ?? "";
  const result = useShops().data;
  return (
    <div className="page py-4">
      <PageTitle>{messages.web.shopSearchFor(text)}</PageTitle>
      <div className="mt-4">
        {result === undefined ? (
          <Spinner />
        ) : !result.ok ? (
          <EmptyState>{errorMessage(result.error)}</EmptyState>
        ) : filterShops(result.value, text).length === 0 ? (
          <EmptyState>{messages.web.noShopsMatch}</EmptyState>
        ) : (
          <ShopGrid shops={filterShops(result.value, text)} />
        )}
      </div>
    </div>
  );
}
