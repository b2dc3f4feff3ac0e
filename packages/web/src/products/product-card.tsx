import { formatUgx, inStock, PRODUCT_GRID_IMAGE_SIZES, type Product, ratingCount } from "@katale/domain";
import { Link } from "react-router";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Stars } from "../ui/stars.js";
import { VerifiedBadge } from "../ui/verified-badge.js";
import { productPath } from "./product-path.js";
import { SaveButton } from "./save-button.js";

export interface ProductCardProps {
  readonly product: Product;
  /** The card is in the first screenful: its image loads at once. */
  readonly priority?: boolean;
  /** Remembers the product as activeProduct (spec §3) before /item opens. */
  readonly onOpen?: (product: Product) => void;
  readonly sizes?: string;
}

/** Image, name, shop with verified tick, 'In stock: N', UGX price, stars, '(N ratings)', bookmark (spec §2). */
export function ProductCard({
  product,
  priority,
  onOpen,
  sizes = PRODUCT_GRID_IMAGE_SIZES,
}: ProductCardProps) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">
      <Link
        to={productPath(product.slug)}
        onClick={() => onOpen?.(product)}
        className="group flex flex-1 flex-col"
      >
        <ResponsiveImage
          path={product.images[0]}
          alt={product.name}
          width={480}
          height={480}
          sizes={sizes}
          priority={priority}
          className="aspect-square w-full bg-gray-100 object-cover"
        />
        <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
          <h3 className="line-clamp-2 min-h-[2lh] text-sm font-medium text-gray-900 group-hover:text-brand-700 sm:text-base">
            {product.name}
          </h3>
          <p className="flex min-w-0 items-center gap-1 text-xs text-gray-600 sm:text-sm">
            <span className="truncate">{product.shopName}</span>
            <VerifiedBadge status={product.shopVerificationStatus} />
          </p>
          <p className="text-xs text-gray-600">{inStock(product.inStock)}</p>
          <p className="mt-auto font-semibold text-brand-700">{formatUgx(product.price)}</p>
          <p className="flex flex-wrap items-center gap-1 text-xs text-gray-600">
            <Stars rating={product.averageRating} size={14} />
            <span>{ratingCount(product.numberOfUsersRated)}</span>
          </p>
        </div>
      </Link>
      <SaveButton product={product} className="absolute top-1 right-1 bg-white/90 shadow-sm" />
    </article>
  );
}

/**
 * A card's room while its product loads: the same boxes and line heights as ProductCard (the name
 * always keeps two lines), so the real card takes its place without moving anything.
 */
export function ProductCardSkeleton() {
  const line = "rounded bg-gray-100 text-transparent";
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white"
    >
      <div className="aspect-square w-full bg-gray-100" />
      <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
        <p className={`min-h-[2lh] text-sm font-medium sm:text-base ${line}`}>{"\u00a0"}</p>
        <p className={`w-2/3 text-xs sm:text-sm ${line}`}>{"\u00a0"}</p>
        <p className={`w-1/2 text-xs ${line}`}>{"\u00a0"}</p>
        <p className={`mt-auto w-1/2 font-semibold ${line}`}>{"\u00a0"}</p>
        <p className={`w-3/4 text-xs ${line}`}>{"\u00a0"}</p>
      </div>
    </div>
  );
}
