import {
  errorMessage,
  messages,
  type Product,
  SERVICES_CATEGORY_ID,
  type Shop,
  searchShopProducts,
  shopOwnerMessages,
} from "@katale/domain";
import { BadgeCheck, Megaphone, PackagePlus, Pencil, Plus, Store, Wrench } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { FollowersDialog } from "../shops/followers-dialog.js";
import { ShopSearchBox } from "../shops/shop-search-box.js";
import { useFollowers } from "../shops/use-shops.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { Stars } from "../ui/stars.js";
import { tabIndexForKey } from "../ui/tab-keys.js";
import { VerifiedBadge } from "../ui/verified-badge.js";
import { ShopAdminProducts } from "./shop-admin-products.js";
import {
  addProductPath,
  addServiceBannerPath,
  shopDetailsPath,
  shopVerificationPath,
  useShopProducts,
} from "./shop-queries.js";

const text = shopOwnerMessages;

type Tab = "products" | "services" | "out";

const TABS: readonly { id: Tab; label: string; empty: string }[] = [
  { id: "products", label: messages.products.tabInStock, empty: messages.products.noProductsLower },
  { id: "services", label: messages.products.tabServices, empty: messages.products.noService },
  { id: "out", label: messages.products.tabOutOfStock, empty: messages.products.noneOutOfStock },
];

/** The products a tab shows: in stock but not services, services (category 5), or out of stock. */
function ofTab(tab: Tab, products: readonly Product[]): Product[] {
  if (tab === "out") return [...products];
  const services = tab === "services";
  return products.filter((p) => (p.categoryId === SERVICES_CATEGORY_ID) === services);
}

/**
 * The shop admin page (spec §2): cover, profile picture, followers, rating, Edit details; Add item
 * and Add service banner; search in shop; tabs Product, Services, Out stock with their empty
 * states; the side menu Promote Shop, Verify Shop, More shops, Create shop. Owners see it at
 * /account/admin-shop/{shop} and on their own shop's public page, without Chat and Follow.
 */
export function ShopAdminView({ shop }: { shop: Shop }) {
  const [tab, setTab] = useState<Tab>("products");
  const [query, setQuery] = useState("");
  return (
    <div className="page py-4 sm:py-6">
      <AdminHeader shop={shop} />
      {/* The shop's items come first on a phone, the menu after them; on a wide screen the menu is
          the left column (it stays after the items in reading and Tab order). */}
      <div className="mt-5 grid gap-5 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="shop-items-title" className="min-w-0 lg:col-start-2 lg:row-start-1">
          <h2 id="shop-items-title" className="sr-only">
            {text.shopItems}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <ShopSearchBox value={query} onChange={setQuery} label={messages.web.searchInShop} />
            <div className="grid grid-cols-2 gap-2 sm:flex">
              <Link to={addProductPath(shop.id)} className="btn-primary px-2 sm:px-4">
                <PackagePlus aria-hidden="true" size={18} className="hidden sm:block" />
                {messages.shops.addItem}
              </Link>
              <Link to={addServiceBannerPath(shop.id)} className="btn-secondary px-2 sm:px-4">
                <Plus aria-hidden="true" size={18} className="hidden sm:block" />
                {messages.shops.addServiceBanner}
              </Link>
            </div>
          </div>
          <Tabs tab={tab} onChange={setTab} />
          <div
            role="tabpanel"
            id="admin-shop-panel"
            aria-labelledby={`admin-shop-tab-${tab}`}
            className="mt-4"
          >
            <TabBody shopId={shop.id} tab={tab} query={query} />
          </div>
        </section>
        <ShopMenu shop={shop} />
      </div>
    </div>
  );
}

function AdminHeader({ shop }: { shop: Shop }) {
  const followers = useFollowers(shop.id, true).data;
  const [showFollowers, setShowFollowers] = useState(false);
  const close = useCallback(() => setShowFollowers(false), []);
  return (
    <header className="overflow-hidden rounded-2xl border border-gray-200 bg-white">
      <ResponsiveImage
        path={shop.coverImage}
        alt={text.coverOf(shop.name)}
        width={1200}
        height={300}
        sizes="(min-width: 1280px) 1248px, 100vw"
        priority
        className="aspect-[4/1] w-full bg-gray-100 object-cover"
      />
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <ResponsiveImage
          path={shop.displayImage}
          alt={text.pictureOf(shop.name)}
          width={96}
          height={96}
          sizes="(min-width: 640px) 96px, 64px"
          priority
          className="h-16 w-16 shrink-0 rounded-full border border-gray-200 bg-white object-cover sm:row-span-2 sm:h-24 sm:w-24"
        />
        <h1 className="flex min-w-0 items-center gap-2 text-xl font-semibold sm:text-2xl">
          <span className="min-w-0 break-words sm:truncate">{shop.name}</span>
          <VerifiedBadge status={shop.verificationStatus} size={22} />
        </h1>
        <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2">
          {shop.bio !== "" && <p className="text-gray-700">{shop.bio}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-700">
            <button
              type="button"
              className="min-h-11 underline hover:text-brand-700"
              onClick={() => setShowFollowers(true)}
            >
              <strong>{followers?.ok ? followers.value.numberOfFollowers : 0}</strong>{" "}
              {messages.web.followerCount(followers?.ok ? followers.value.numberOfFollowers : 0)}
            </button>
            <span className="flex items-center gap-1">
              <span>{text.rating}:</span>
              {shop.rating === null || shop.rating === 0 ? (
                <span>{text.notRated}</span>
              ) : (
                <Stars rating={shop.rating} size={14} />
              )}
            </span>
            {shop.verificationStatus === "PENDING" && (
              <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-800">
                {text.verificationPending}
              </span>
            )}
          </div>
        </div>
        <div className="col-span-2 sm:col-span-1 sm:col-start-3 sm:row-span-2 sm:row-start-1">
          <Link to={shopDetailsPath(shop.id)} className="btn-secondary w-full sm:w-auto">
            <Pencil aria-hidden="true" size={16} />
            {messages.shops.editDetails}
          </Link>
        </div>
      </div>
      {showFollowers && <FollowersDialog shopId={shop.id} onClose={close} />}
    </header>
  );
}

function ShopMenu({ shop }: { shop: Shop }) {
  const item = (to: string, icon: ReactNode, label: string) => (
    <li>
      <Link
        to={to}
        className="flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-gray-800 hover:bg-gray-50 hover:text-brand-700"
      >
        {icon}
        {label}
      </Link>
    </li>
  );
  return (
    <nav
      aria-label={text.shopMenu}
      className="rounded-2xl border border-gray-200 bg-white p-2 lg:sticky lg:top-20 lg:col-start-1 lg:row-start-1"
    >
      <ul className="grid grid-cols-2 gap-1 lg:grid-cols-1">
        {item(
          "/account/request-view",
          <Megaphone aria-hidden="true" size={18} />,
          messages.shops.promoteShop,
        )}
        {item(
          shopVerificationPath(shop.id),
          <BadgeCheck aria-hidden="true" size={18} />,
          messages.shops.verifyShop,
        )}
        {item("/shops/all-shops?tab=mine", <Store aria-hidden="true" size={18} />, messages.shops.moreShops)}
        {item("/account/createshop", <Wrench aria-hidden="true" size={18} />, messages.shops.createShop)}
      </ul>
    </nav>
  );
}

/** Product / Services / Out stock as ARIA tabs: arrows, Home and End move between them. */
function Tabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = tabIndexForKey(event.key, index, TABS.length);
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next];
    if (target === undefined) return;
    onChange(target.id);
    refs.current[next]?.focus();
  }
  return (
    <div
      role="tablist"
      aria-label={text.shopItems}
      className="mt-4 flex gap-1 overflow-x-auto border-b border-gray-200"
    >
      {TABS.map((t, i) => (
        <button
          key={t.id}
          ref={(element) => {
            refs.current[i] = element;
          }}
          type="button"
          role="tab"
          id={`admin-shop-tab-${t.id}`}
          aria-controls="admin-shop-panel"
          aria-selected={tab === t.id}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => onChange(t.id)}
          onKeyDown={(event) => onKeyDown(event, i)}
          className={`-mb-px min-h-11 shrink-0 border-b-2 px-4 font-medium ${tab === t.id ? "border-brand-700 text-brand-700" : "border-transparent text-gray-600"}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

function TabBody({ shopId, tab, query }: { shopId: number; tab: Tab; query: string }) {
  const loaded = useShopProducts(shopId, tab === "out" ? "out" : "in");
  const result = loaded.data;
  if (result === undefined) return <Spinner />;
  if (!result.ok) return <ErrorState message={errorMessage(result.error)} onRetry={() => loaded.refetch()} />;
  const all = ofTab(tab, result.value.products);
  const empty = TABS.find((t) => t.id === tab)?.empty ?? "";
  if (all.length === 0) return <EmptyState>{empty}</EmptyState>;
  const shown = searchShopProducts(all, query);
  if (shown.length === 0) return <EmptyState>{text.nothingMatches}</EmptyState>;
  return <ShopAdminProducts products={shown} />;
}
