import type { Shop } from "@katale/domain";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Stars } from "../ui/stars.js";
import { VerifiedBadge } from "../ui/verified-badge.js";
import { ShopLink } from "./shop-link.js";

/** The tile's frame: a bordered block that lifts its name on hover (a link around `ShopTileContent`). */
export const SHOP_TILE_CLASS =
  "group block h-full overflow-hidden rounded-xl border border-gray-200 bg-white";

/** What a shop tile shows: cover, logo, name with verified badge, and the stars when `rating` is given. */
export function ShopTileContent({ shop, rating }: { shop: Shop; rating: number | null }) {
  return (
    <>
      <ResponsiveImage
        path={shop.coverImage}
        alt=""
        width={800}
        height={300}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-[8/3] w-full bg-gray-100 object-cover"
      />
      <div className="flex items-center gap-3 p-3">
        <ResponsiveImage
          path={shop.displayImage}
          alt=""
          width={48}
          height={48}
          sizes="48px"
          className="-mt-8 h-12 w-12 shrink-0 rounded-full border-2 border-white bg-white object-cover"
        />
        <div className="min-w-0">
          <p className="flex items-center gap-1 font-medium text-gray-900 group-hover:text-brand-700">
            <span className="truncate">{shop.name}</span>
            <VerifiedBadge status={shop.verificationStatus} />
          </p>
          {rating !== null && <Stars rating={rating} size={14} />}
        </div>
      </div>
    </>
  );
}

/** A shop tile: cover, logo, name with verified badge, rating; opens /shops/shop/{encrypted id}. */
export function ShopCard({ shop, rating }: { shop: Shop; rating?: number | null }) {
  return (
    <ShopLink shopId={shop.id} className={SHOP_TILE_CLASS}>
      <ShopTileContent shop={shop} rating={rating ?? shop.rating} />
    </ShopLink>
  );
}
