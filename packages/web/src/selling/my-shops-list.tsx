import { type AuthFailure, messages, type Result, type Shop } from "@katale/domain";
import { Link } from "react-router";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { Stars } from "../ui/stars.js";
import { VerifiedBadge } from "../ui/verified-badge.js";

/** A tile of one of the owner's shops: cover, logo, name with badge, rating; opens `to`. */
export function MyShopTile({ shop, to, label }: { shop: Shop; to: string; label?: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="group block h-full overflow-hidden rounded-xl border border-gray-200 bg-white hover:border-brand-700"
    >
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
          {shop.rating !== null && shop.rating > 0 && <Stars rating={shop.rating} size={14} />}
        </div>
      </div>
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
  result: Result<Shop[], AuthFailure> | undefined;
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
