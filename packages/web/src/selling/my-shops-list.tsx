import { messages, type Result, type Shop, type WordedError } from "@katale/domain";
import { Link } from "react-router";
import { SHOP_TILE_CLASS, ShopTileContent } from "../shops/shop-card.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";

/** A tile of one of the owner's shops: the shop tile's content (stars once rated); opens `to`. */
export function MyShopTile({ shop, to, label }: { shop: Shop; to: string; label?: string }) {
  return (
    <Link to={to} aria-label={label} className={`${SHOP_TILE_CLASS} hover:border-brand-700`}>
      <ShopTileContent shop={shop} rating={shop.rating !== null && shop.rating > 0 ? shop.rating : null} />
    </Link>
  );
}

/**
 * The owner's shops as tiles (My shops, /shops/select-shop): a spinner while they load, the failure
 * with Try again, "You don't have any shops yet." and a way to create one when there are none.
 */
export function MyShopsList({
  result,
  filter = (shops) => shops,
  to,
  label,
  onRetry,
  noneMatch,
}: {
  result: Result<Shop[], WordedError> | undefined;
  filter?: (shops: readonly Shop[]) => Shop[] | readonly Shop[];
  to: (shop: Shop) => string;
  label?: (shop: Shop) => string;
  onRetry: () => void;
  noneMatch?: string;
}) {
  if (result === undefined) return <Spinner />;
  if (!result.ok) return <ErrorState message={result.error.message} onRetry={onRetry} />;
  if (result.value.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg bg-white px-4 py-8 text-center">
        <p className="text-gray-600">{messages.shops.noShopsYet}</p>
        <Link to="/account/createshop" className="btn-primary">
          {messages.shops.createShop}
        </Link>
      </div>
    );
  }
  const shown = filter(result.value);
  if (shown.length === 0) return <EmptyState>{noneMatch ?? messages.web.noShopsMatch}</EmptyState>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {shown.map((shop) => (
        <li key={shop.id}>
          <MyShopTile shop={shop} to={to(shop)} label={label?.(shop)} />
        </li>
      ))}
    </ul>
  );
}
