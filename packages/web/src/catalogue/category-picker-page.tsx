import { errorMessage, messages } from "@katale/domain";
import { useId, useState } from "react";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { subCategoryPath } from "./catalogue-paths.js";
import { CatalogueTile } from "./catalogue-tile.js";
import { useCategories, useRememberCatalogueChoice, useSubCategoriesOf } from "./use-catalogue.js";

/** /products: pick a category, then one of its sub categories (spec §2 category picker). */
export default function CategoryPickerPage() {
  const remember = useRememberCatalogueChoice();
  const categories = useCategories();
  const list = categories.data?.ok ? categories.data.value : [];
  const [chosen, setChosen] = useState<number | null>(remember.lastCategoryId);
  const categoryId = list.some((c) => c.id === chosen) ? chosen : (list[0]?.id ?? null);
  const subs = useSubCategoriesOf(categoryId);
  const selectId = useId();

  return (
    <div className="page py-4">
      <PageTitle>{messages.web.categories}</PageTitle>
      {categories.data === undefined ? (
        <Spinner />
      ) : !categories.data.ok ? (
        <EmptyState>{messages.catalogue.failedToLoadCategories}</EmptyState>
      ) : (
        <>
          <label htmlFor={selectId} className="mt-4 block text-sm font-medium text-gray-700">
            {messages.catalogue.selectCategories}
          </label>
          <select
            id={selectId}
            value={categoryId ?? ""}
            onChange={(event) => {
              const category = list.find((c) => c.id === Number(event.target.value));
              if (category === undefined) return;
              setChosen(category.id);
              remember.category(category);
            }}
            className="mt-1 h-11 w-full max-w-sm rounded-lg border border-gray-300 bg-white px-3 text-base"
          >
            {list.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <div className="mt-6">
            {subs.data === undefined ? (
              <Spinner />
            ) : !subs.data.ok ? (
              <EmptyState>
                {subs.data.error.kind === "network"
                  ? errorMessage(subs.data.error)
                  : messages.catalogue.failedToLoadSubCategories}
              </EmptyState>
            ) : subs.data.value.length === 0 ? (
              <EmptyState>{messages.catalogue.noSubCategoriesAvailable}</EmptyState>
            ) : (
              <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-8">
                {subs.data.value.map((sub) => (
                  <li key={sub.id}>
                    <CatalogueTile
                      to={subCategoryPath(sub.name)}
                      name={sub.name}
                      imageUrl={sub.imageUrl}
                      onOpen={() => remember.subCategory(sub)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </div>
  );
}
