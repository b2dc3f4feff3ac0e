import { formatUgx, inStock, messages, type ProductDetail, ratingCount } from "@katale/domain";
import { MessageCircle } from "lucide-react";
import { useOpenChat } from "../chat/use-open-chat.js";
import { FollowButton } from "../engagement/follow-button.js";
import { ShopLink } from "../shops/shop-link.js";
import { PageTitle } from "../ui/page-title.js";
import { Stars } from "../ui/stars.js";
import { VerifiedBadge } from "../ui/verified-badge.js";
import { ContactsPopover } from "./contacts-popover.js";
import { RatingWidget } from "./rating-widget.js";
import { SaveButton } from "./save-button.js";
import { ShareButton } from "./share-button.js";

/** Name, shop link, price, stock, rating and the actions beside the gallery. */
export function ProductSummary({ detail }: { detail: ProductDetail }) {
  const { product, shop, isOwner } = detail;
  const chat = useOpenChat(product.shopId, product.slug);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <PageTitle>{product.name}</PageTitle>
        <SaveButton product={product} className="shrink-0 border border-gray-200" />
      </div>
      <p className="flex items-center gap-1 text-gray-700">
        {messages.web.by}{" "}
        <ShopLink shopId={product.shopId} className="font-medium text-brand-700 underline">
          {product.shopName}
        </ShopLink>
        <VerifiedBadge status={product.shopVerificationStatus} size={18} />
      </p>
      <p className="text-2xl font-bold text-brand-700">{formatUgx(product.price)}</p>
      <p className="text-sm text-gray-700">{inStock(product.inStock)}</p>
      <p className="flex items-center gap-2 text-sm text-gray-700">
        <Stars rating={product.averageRating} />
        <span>{product.averageRating.toFixed(1)}</span>
        <span>{ratingCount(product.numberOfUsersRated)}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <ContactsPopover shop={shop} />
        {!isOwner && (
          <button type="button" className="btn-primary" onClick={chat.open} aria-busy={chat.pending}>
            <MessageCircle aria-hidden="true" size={18} />
            {messages.products.messageSeller}
          </button>
        )}
        {!isOwner && (
          <FollowButton
            shop={
              shop ?? { id: product.shopId, name: product.shopName, coverImage: null, displayImage: null }
            }
          />
        )}
        <ShareButton />
      </div>
      <RatingWidget productId={product.id} />
    </div>
  );
}
