import type { Shop } from "@katale/domain";
import { createContext, type ReactNode, useContext } from "react";
import { Navigate } from "react-router";
import { ErrorState } from "../ui/error-state.js";
import NotFoundPage from "../ui/not-found-page.js";
import { Spinner } from "../ui/spinner.js";
import { useMyShops, useOwnShop } from "./shop-queries.js";

/**
 * One of the signed-in user's shops, named by id or name, for the pages that change it: a spinner
 * while it loads, the not-found page for an unknown shop, 'You are not the owner of this shop' for
 * someone else's, the failure with Try again. With no shop named, the newest of the user's shops,
 * or "You don't have a shop" when they have none.
 */
export function OwnShopGate({
  shopRef,
  padded = false,
  children,
}: {
  shopRef: string | number | null;
  /** The page has no frame of its own: the loading and failure states get the page's margins. */
  padded?: boolean;
  children: (shop: Shop) => ReactNode;
}) {
  const gate =
    shopRef === null ? (
      <NewestShop>{children}</NewestShop>
    ) : (
      <NamedShop shopRef={shopRef}>{children}</NamedShop>
    );
  return padded ? <Padded>{gate}</Padded> : gate;
}

const PaddedContext = createContext(false);

function Padded({ children }: { children: ReactNode }) {
  return <PaddedContext.Provider value={true}>{children}</PaddedContext.Provider>;
}

/** A loading or failure state, inside the page's margins when the page has no frame. */
function State({ children }: { children: ReactNode }) {
  return useContext(PaddedContext) ? <div className="page py-6">{children}</div> : children;
}

function NamedShop({ shopRef, children }: { shopRef: string | number; children: (shop: Shop) => ReactNode }) {
  const query = useOwnShop(shopRef);
  const result = query.data;
  if (result === undefined) return <Spinner className="min-h-[40vh]" />;
  if (result.ok) return children(result.value);
  if (result.error.kind === "not-found") return <NotFoundPage />;
  return (
    <State>
      <ErrorState message={result.error.message} onRetry={() => query.refetch()} />
    </State>
  );
}

function NewestShop({ children }: { children: (shop: Shop) => ReactNode }) {
  const query = useMyShops();
  const result = query.data;
  if (result === undefined) return <Spinner className="min-h-[40vh]" />;
  if (!result.ok)
    return (
      <State>
        <ErrorState message={result.error.message} onRetry={() => query.refetch()} />
      </State>
    );
  const newest = result.value[0];
  return newest === undefined ? <Navigate to="/account/create-shop" replace /> : children(newest);
}
