import { messages } from "@katale/domain";
import { useLocation } from "react-router";
import { EmptyState } from "../ui/empty-state.js";
import { AccountFrame } from "./account-frame.js";
import { accountLists } from "./account-sections.js";

/** /account/saved-products, followed-shops, reviews, shop-history: the phone's view of one list. */
export default function AccountListPage() {
  const { pathname } = useLocation();
  const list = accountLists.find((l) => pathname.replace(/\/$/, "") === l.path) ?? accountLists[0];
  return (
    <AccountFrame title={list.label ?? messages.webAccount.myAccount}>
      <EmptyState>{list.empty}</EmptyState>
    </AccountFrame>
  );
}
