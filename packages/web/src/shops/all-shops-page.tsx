import { errorMessage, filterShops, messages } from "@katale/domain";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useSession } from "../auth/use-session.js";
import { MyShopsList } from "../selling/my-shops-list.js";
import { adminShopPath, useMyShops } from "../selling/shop-queries.js";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { ShopGrid } from "./shop-grid.js";
import { ShopSearchBox } from "./shop-search-box.js";
import { useShops } from "./use-shops.js";

type Tab = "all" | "mine";

/**
 * /shops/all-shops: search, tabs 'All shops' and 'My shops' (?tab=mine opens it), 'Create/Add Shop'.
 * My shops lists the signed-in user's shops (GET shop/mine/), each opening its admin page.
 */
export default function AllShopsPage() {
  const query = useShops();
  const { loggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState("");
  const tab: Tab = params.get("tab") === "mine" ? "mine" : "all";
  const setTab = (next: Tab) => setParams(next === "mine" ? { tab: "mine" } : {}, { replace: true });
  const mine = useMyShops(loggedIn && tab === "mine");
  const result = query.data;
  const tabButton = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`shops-tab-${id}`}
      aria-controls="shops-panel"
      aria-selected={tab === id}
      onClick={() => setTab(id)}
      className={`-mb-px min-h-11 border-b-2 px-4 font-medium ${tab === id ? "border-brand-700 text-brand-700" : "border-transparent text-gray-600"}`}
    >
      {label}
    </button>
  );
  function body() {
    if (tab === "mine") {
      if (!loggedIn) return <EmptyState>{messages.common.loginToViewProducts}</EmptyState>;
      return (
        <MyShopsList
          result={mine.data}
          filter={(shops) => filterShops(shops, text)}
          to={adminShopPath}
          onRetry={() => mine.refetch()}
        />
      );
    }
    if (result === undefined) return <Spinner />;
    if (!result.ok) return <EmptyState>{errorMessage(result.error)}</EmptyState>;
    const shown = filterShops(result.value, text);
    return shown.length === 0 ? (
      <EmptyState>{messages.web.noShopsMatch}</EmptyState>
    ) : (
      <ShopGrid shops={shown} />
    );
  }
  return (
    <div className="page py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{messages.shops.allShops}</PageTitle>
        <Link to="/account/createshop" className="btn-primary">
          {messages.shops.createOrAddShop}
        </Link>
      </div>
      <div className="my-4">
        <ShopSearchBox value={text} onChange={setText} label={messages.web.searchShops} />
      </div>
      <div
        role="tablist"
        aria-label={messages.web.shops}
        className="mb-4 flex gap-2 border-b border-gray-200"
      >
        {tabButton("all", messages.shops.allShops)}
        {tabButton("mine", messages.shops.myShops)}
      </div>
      <div role="tabpanel" id="shops-panel" aria-labelledby={`shops-tab-${tab}`}>
        {body()}
      </div>
    </div>
  );
}
