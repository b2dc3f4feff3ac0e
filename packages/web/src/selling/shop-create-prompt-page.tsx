import { messages, shopOwnerMessages } from "@katale/domain";
import { Store } from "lucide-react";
import { Link } from "react-router";
import { AccountFrame } from "../account/account-frame.js";

const text = shopOwnerMessages;

/** /account/create-shop: "You don't have a shop", and Create shop. */
export default function ShopCreatePromptPage() {
  return (
    <AccountFrame title={messages.shops.noShop}>
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-gray-200">
        <Store aria-hidden="true" size={48} className="text-brand-700" />
        <p className="max-w-sm text-gray-700">{text.noShopLead}</p>
        <Link to="/account/createshop" className="btn-primary">
          {messages.shops.createShop}
        </Link>
      </div>
    </AccountFrame>
  );
}
