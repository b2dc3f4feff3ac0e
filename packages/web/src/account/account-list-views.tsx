import {
  type Comment,
  type DomainError,
  type FollowRecord,
  formatDate,
  PROFILE_REVIEWS_COUNT,
  type Product,
  type Result,
} from "@katale/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useFollowedShops } from "../engagement/use-follow.js";
import { useSavedProducts } from "../engagement/use-saved.js";
import { ProductCard, ProductCardSkeleton } from "../products/product-card.js";
import { ProductGrid } from "../products/product-grid.js";
import { useRememberProduct } from "../products/use-remember-product.js";
import { ShopLink } from "../shops/shop-link.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import type { AccountList } from "./account-sections.js";
import { useBrowseHistory, useOwnReviews } from "./use-engagement-lists.js";

const productColumns = "grid grid-cols-2 gap-2 sm:gap-4 md:grid-cols-3";

/** Skeletons, the error with a retry, the empty state, or the list: one answer of a list query. */
function Loaded<T>({
  query,
  skeleton,
  empty,
  isEmpty,
  children,
}: {
  query: UseQueryResult<Result<T>>;
  skeleton: ReactNode;
  empty: string;
  isEmpty: (value: T) => boolean;
  children: (value: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.isError) return <ErrorState error={unknownError} onRetry={() => query.refetch()} />;
    return <div aria-busy="true">{skeleton}</div>;
  }
  if (!query.data.ok) return <ErrorState error={query.data.error} onRetry={() => query.refetch()} />;
  if (isEmpty(query.data.value)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data.value)}</>;
}

const unknownError: DomainError = { kind: "network" };

function ProductSkeletons() {
  return (
    <ul className={productColumns}>
      {[0, 1, 2].map((i) => (
        <li key={i}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

function RowSkeletons() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <li key={i} className="h-16 rounded-xl bg-gray-100" />
      ))}
    </ul>
  );
}

function SavedProductsList({ empty }: { empty: string }) {
  const query = useSavedProducts({ fresh: true });
  return (
    <Loaded
      query={query}
      skeleton={<ProductSkeletons />}
      empty={empty}
      isEmpty={(saved) => saved.items.every((entry) => entry.product.inStock <= 0)}
    >
      {(saved) => <ProductGrid products={saved.items.map((entry) => entry.product)} />}
    </Loaded>
  );
}

function FollowedShop({ record }: { record: FollowRecord }) {
  const { shop } = record;
  return (
    <ShopLink
      shopId={shop.id}
      className="group flex min-h-16 items-center gap-3 rounded-xl border border-gray-200 bg-white p-3 hover:border-brand-700"
    >
      <ResponsiveImage
        path={shop.displayImage}
        alt=""
        width={48}
        height={48}
        sizes="48px"
        className="h-12 w-12 shrink-0 rounded-full bg-gray-100 object-cover"
      />
      <span className="min-w-0 truncate font-medium text-gray-900 group-hover:text-brand-700">
        {shop.name}
      </span>
    </ShopLink>
  );
}

function FollowedShopsList({ empty }: { empty: string }) {
  const query = useFollowedShops({ fresh: true });
  return (
    <Loaded
      query={query}
      skeleton={<RowSkeletons />}
      empty={empty}
      isEmpty={(records) => records.length === 0}
    >
      {(records) => (
        <ul className="grid gap-2 sm:grid-cols-2">
          {records.map((record) => (
            <li key={record.id}>
              <FollowedShop record={record} />
            </li>
          ))}
        </ul>
      )}
    </Loaded>
  );
}

/** One of the user's reviews: its date and its text, always as text (markup is never rendered). */
function OwnReview({ comment }: { comment: Comment }) {
  return (
    <li className="p-4">
      <p className="text-xs text-gray-500">{formatDate(new Date(comment.dateCommented))}</p>
      <p className="mt-1 break-words whitespace-pre-line text-gray-800">{comment.comment}</p>
    </li>
  );
}

function OwnReviewsList({ empty, limit }: { empty: string; limit?: number }) {
  const query = useOwnReviews(limit);
  return (
    <Loaded
      query={query}
      skeleton={<RowSkeletons />}
      empty={empty}
      isEmpty={(page) => page.comments.length === 0}
    >
      {(page) => (
        <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {page.comments.map((comment) => (
            <OwnReview key={comment.id} comment={comment} />
          ))}
        </ul>
      )}
    </Loaded>
  );
}

/** Every viewed product, in stock or not: the history is what was seen. */
function HistoryGrid({ products }: { products: readonly Product[] }) {
  const remember = useRememberProduct();
  return (
    <ul className={productColumns}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} onOpen={remember} />
        </li>
      ))}
    </ul>
  );
}

function BrowseHistoryList({ empty }: { empty: string }) {
  const query = useBrowseHistory();
  return (
    <Loaded
      query={query}
      skeleton={<ProductSkeletons />}
      empty={empty}
      isEmpty={(history) => history.products.length === 0}
    >
      {(history) => <HistoryGrid products={history.products} />}
    </Loaded>
  );
}

/**
 * The content of one account list, as the desktop tab (`inTab`: the first 4 reviews only) or as
 * its own page shows it.
 */
export function AccountListView({ list, inTab = false }: { list: AccountList; inTab?: boolean }) {
  switch (list.id) {
    case "saved":
      return <SavedProductsList empty={list.empty} />;
    case "followed":
      return <FollowedShopsList empty={list.empty} />;
    case "reviews":
      return <OwnReviewsList empty={list.empty} limit={inTab ? PROFILE_REVIEWS_COUNT : undefined} />;
    case "history":
      return <BrowseHistoryList empty={list.empty} />;
  }
}
