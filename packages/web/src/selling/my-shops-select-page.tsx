import { messages, shopOwnerMessages } from "@katale/domain";
import { Link } from "react-router";
import { useSession } from "../auth/use-session.js";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { MyShopsList } from "./my-shops-list.js";
import { addProductPath, useMyShops } from "./shop-queries.js";

const text = shopOwnerMessages;

/** /shops/select-shop: the owner chooses which of their shops a new item goes to. */
export default function MyShopsSelectPage() {
  const { loggedIn } = useSession();
  const query = useMyShops(loggedIn);
  return (
    <div className="page max-w-5xl py-4 sm:py-6">
      <PageTitle>{text.selectShopTitle}</PageTitle>
      <p className="mt-1 mb-4 text-gray-700">{text.selectShopLead}</p>
      {loggedIn ? (
        <MyShopsList
          result={query.data}
          to={(shop) => addProductPath(shop.id)}
          label={(shop) => text.addTo(shop.name)}
          onRetry={() => query.refetch()}
        />
      ) : (
        <div className="flex flex-col items-center gap-3">
          <EmptyState>{messages.common.loginToViewProducts}</EmptyState>
          <Link to="/login" className="btn-primary">
            {messages.header.logIn}
          </Link>
        </div>
      )}
    </div>
  );
}
