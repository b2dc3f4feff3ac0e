import { useLocation } from "react-router";
import { AccountFrame } from "./account-frame.js";
import { AccountListView } from "./account-list-views.js";
import { accountListAt, accountLists } from "./account-sections.js";

/**
 * /account/saved-products (and /account/wishlist), followed-shops, reviews, shop-history: one list
 * on a page of its own (the phone's menu leads here), every review included.
 */
export default function AccountListPage() {
  const { pathname } = useLocation();
  const list = accountListAt(pathname) ?? accountLists[0];
  return (
    <AccountFrame title={list.label} wide={list.id === "saved" || list.id === "history"}>
      <AccountListView list={list} />
    </AccountFrame>
  );
}
