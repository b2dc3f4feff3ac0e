import type { SubCategory } from "@katale/domain";
import { subCategoryPath } from "./catalogue-paths.js";
import { CatalogueTile } from "./catalogue-tile.js";
import { useRememberCatalogueChoice } from "./use-catalogue.js";

/** A scrolling row of sub categories; the current one is marked. */
export function SubCategoryRow({
  subCategories,
  currentId,
  label,
}: {
  subCategories: readonly SubCategory[];
  currentId?: number;
  label: string;
}) {
  const remember = useRememberCatalogueChoice();
  return (
    <ul aria-label={label} className="-mx-3 flex snap-x gap-2 overflow-x-auto px-3 pb-2 sm:mx-0 sm:px-0">
      {subCategories.map((sub) => (
        <li
          key={sub.id}
          className={`w-20 shrink-0 snap-start sm:w-24 ${sub.id === currentId ? "rounded-lg bg-brand-50" : ""}`}
          aria-current={sub.id === currentId ? "page" : undefined}
        >
          <CatalogueTile
            to={subCategoryPath(sub.name)}
            name={sub.name}
            imageUrl={sub.imageUrl}
            onOpen={() => remember.subCategory(sub)}
          />
        </li>
      ))}
    </ul>
  );
}
