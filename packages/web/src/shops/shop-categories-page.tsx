import { errorMessage, messages } from "@katale/domain";
import { Link, useParams } from "react-router";
import { useCategories } from "../catalogue/use-catalogue.js";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { ShopGrid } from "./shop-grid.js";
import { shopCategoryPath } from "./shop-paths.js";
import { useShops } from "./use-shops.js";

/** /shops/categories/{category name}: the shops selling in a category, with the other categories to pick. */
export default function ShopCategoriesPage() {
  const name = useParams()["*"] ?? "";
  const categories = useCategories().data;
  const shops = useShops().data;
  const list = categories?.ok ? categories.value : [];
  const category = list.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
  return (
    <div className="page py-4">
      <PageTitle>
        {category ? messages.web.shopCategoriesFor(category.name) : messages.home.shopCategories}
      </PageTitle>
      <ul
        aria-label={messages.home.shopCategories}
        className="-mx-3 my-4 flex gap-2 overflow-x-auto px-3 pb-2 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {list.map((c) => (
          <li key={c.id} className="shrink-0">
            <Link
              to={shopCategoryPath(c.name)}
              aria-current={c.id === category?.id ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm ${c.id === category?.id ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-800 hover:border-brand-700"}`}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
      {categories === undefined || shops === undefined ? (
        <Spinner />
      ) : !shops.ok ? (
        <EmptyState>{errorMessage(shops.error)}</EmptyState>
      ) : (
        (() => {
          const shown = category
            ? shops.value.filter((s) => s.categories.includes(category.id))
            : shops.value;
          return shown.length === 0 ? (
            <EmptyState>{messages.home.noShops}</EmptyState>
          ) : (
            <ShopGrid shops={shown} />
          );
        })()
      )}
    </div>
  );
}
