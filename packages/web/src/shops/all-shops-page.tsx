import { errorMessage, filterShops, messages, ownedShops } from "@katale/domain";
import { useState } from "react";
import { Link } from "react-router";
import { useSession } from "../auth/use-session.js";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { ShopGrid } from "./shop-grid.js";
import { ShopSearchBox } from "./shop-search-box.js";
import { useShops } from "./use-shops.js";

type Tab = "all" | "mine";

/** /shops/all-shops: search, tabs 'All shops' and 'My shops', 'Create/Add Shop'. */
export default function AllShopsPage() {
  const query = useShops();
  const { loggedIn, userId } = useSession();
  const [text, setText] = useState("");
  const [tab, setTab] = useState<Tab>("all");
  const result = query.data;
  const tabButton = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === id}
      onClick={() => setTab(id)}
      className={`-mb-px min-h-11 border-b-2 px-4 font-medium ${tab === id ? "border-brand-700 text-brand-700" : "border-transparent text-gray-600"}`}
    >
      {label}
    </button>
  );
  function body() {
    if (tab === "mine" && !loggedIn) return <EmptyState>{messages.common.loginToViewProducts}</EmptyState>;
    if (result === undefined) return <Spinner />;
    if (!result.ok) return <EmptyState>{errorMessage(result.error)}</EmptyState>;
    const pool = tab === "mine" ? ownedShops(result.value, userId) : result.value;
    if (tab === "mine" && pool.length === 0) return <EmptyState>{messages.shops.noShopsYet}</EmptyState>;
    const shown = filterShops(pool, text);
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
      <div role="tabpanel">{body()}</div>
    </div>
  );
}
