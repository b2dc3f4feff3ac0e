import { errorMessage, filterShops, messages } from "@katale/domain";
import { useState } from "react";
import { Link } from "react-router";
import { useSession } from "../auth/use-session.js";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { VerifiedBadge } from "../ui/verified-badge.js";
import { ShopSearchBox } from "./shop-search-box.js";
import { useOpenShop, useShops } from "./use-shops.js";

/** /shops: the simple list; choosing a shop stores activeCustomerShop and opens /shops/shop. */
export default function ShopsPage() {
  const { loggedIn } = useSession();
  const openShop = useOpenShop();
  const query = useShops();
  const [text, setText] = useState("");
  const result = query.data;
  return (
    <div className="page py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{messages.web.shops}</PageTitle>
        <Link to="/shops/all-shops" className="text-sm font-medium text-brand-700 underline">
          {messages.shops.allShops}
        </Link>
      </div>
      <div className="my-4 flex flex-wrap items-center gap-3">
        <ShopSearchBox value={text} onChange={setText} label={messages.web.searchShops} />
        {loggedIn && (
          <Link to="/account/createshop" className="btn-secondary">
            {messages.shops.addShop}
          </Link>
        )}
      </div>
      {result === undefined ? (
        <Spinner />
      ) : !result.ok ? (
        <EmptyState>{errorMessage(result.error)}</EmptyState>
      ) : (
        (() => {
          const shown = filterShops(result.value, text);
          return shown.length === 0 ? (
            <EmptyState>{messages.web.noShopsMatch}</EmptyState>
          ) : (
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((shop) => (
                <li key={shop.id}>
                  <button
                    type="button"
                    onClick={() => openShop(shop.id)}
                    className="flex w-full items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 text-left hover:border-brand-700"
                  >
                    <ResponsiveImage
                      path={shop.displayImage}
                      alt=""
                      width={48}
                      height={48}
                      sizes="48px"
                      className="h-12 w-12 shrink-0 rounded-full object-cover"
                    />
                    <span className="min-w-0 flex-1 truncate font-medium">{shop.name}</span>
                    <VerifiedBadge status={shop.verificationStatus} size={18} />
                  </button>
                </li>
              ))}
            </ul>
          );
        })()
      )}
    </div>
  );
}
