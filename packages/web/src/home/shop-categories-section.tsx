import { errorMessage, messages } from "@katale/domain";
import { Link } from "react-router";
import { useCategories } from "../catalogue/use-catalogue.js";
import { shopCategoryPath } from "../shops/shop-paths.js";
import { EmptyState } from "../ui/empty-state.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { Section } from "./section.js";

/** Shop category: every category as a tile leading to the shops that sell in it. */
export function ShopCategoriesSection() {
  const query = useCategories();
  const result = query.data;
  return (
    <Section title={messages.home.shopCategories}>
      {result === undefined ? (
        <Spinner />
      ) : !result.ok ? (
        <EmptyState>{errorMessage(result.error)}</EmptyState>
      ) : result.value.length === 0 ? (
        <EmptyState>{messages.home.noCategoriesYet}</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-4 lg:grid-cols-6">
          {result.value.map((category) => (
            <li key={category.id}>
              <Link
                to={shopCategoryPath(category.name)}
                className="group flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-2 hover:border-brand-700"
              >
                <ResponsiveImage
                  path={category.imageUrl}
                  alt=""
                  width={48}
                  height={48}
                  sizes="48px"
                  className="h-12 w-12 shrink-0 rounded-lg object-cover"
                />
                <span className="line-clamp-2 text-sm text-gray-800 group-hover:text-brand-700">
                  {category.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
