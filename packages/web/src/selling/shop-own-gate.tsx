import { messages, type Shop, shopNameKey } from "@katale/domain";
import { createContext, type ReactNode, useContext } from "react";
import { Link, Navigate } from "react-router";
import { useShopLink } from "../shops/use-shop-link.js";
import { useShops } from "../shops/use-shops.js";
import { ErrorState } from "../ui/error-state.js";
import NotFoundPage from "../ui/not-found-page.js";
import { Spinner } from "../ui/spinner.js";
import { useMyShops, useOwnShop } from "./shop-queries.js";

/**
 * One of the signed-in user's shops, named by id or name, for the pages that change it: a spinner
 * while it loads, the not-found page for an unknown shop, 'You are not the owner of this shop' for
 * someone else's with a link to its public page (trying again cannot help), the failure with Try again. With no shop named, the newest of the user's shops,
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
  if (result.error.kind === "forbidden")
    return <NotYourShop shopRef={shopRef} message={result.error.message} />;
  return (
    <State>
      <ErrorState message={result.error.message} onRetry={() => query.refetch()} />
    </State>
  );
}

/** Someone else's shop: what the gate says, and the way to the shop's public page. */
function NotYourShop({ shopRef, message }: { shopRef: string | number; message: string }) {
  const all = useShops().data;
  const wanted = String(shopRef).trim();
  const shop = all?.ok
    ? all.value.find((s) =>
        /^\d+$/.test(wanted) ? s.id === Number(wanted) : shopNameKey(s.name) === shopNameKey(wanted),
      )
    : undefined;
  const link = useShopLink(shop?.id ?? 0);
  return (
    <State>
      <div role="alert" className="rounded-lg bg-white px-4 py-8 text-center text-gray-700">
        <p>{message}</p>
        {shop && link && (
          <Link to={link} className="btn-secondary mt-3 inline-block">
            {messages.selling.openShopPage(shop.name)}
          </Link>
        )}
      </div>
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
