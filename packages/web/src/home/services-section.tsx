import { errorMessage, messages } from "@katale/domain";
import { subCategoryPath } from "../catalogue/catalogue-paths.js";
import { CatalogueTile } from "../catalogue/catalogue-tile.js";
import { useRememberCatalogueChoice } from "../catalogue/use-catalogue.js";
import { EmptyState } from "../ui/empty-state.js";
import { Spinner } from "../ui/spinner.js";
import { Section } from "./section.js";
import { useServiceSubCategories } from "./use-home.js";

/** Services: the sub categories of category 5. */
export function ServicesSection() {
  const query = useServiceSubCategories();
  const remember = useRememberCatalogueChoice();
  const result = query.data;
  return (
    <Section title={messages.home.services}>
      {result === undefined ? (
        <Spinner />
      ) : !result.ok ? (
        <EmptyState>{errorMessage(result.error)}</EmptyState>
      ) : result.value.length === 0 ? (
        <EmptyState>{messages.home.noSubCategoriesYet}</EmptyState>
      ) : (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-10">
          {result.value.map((sub) => (
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
    </Section>
  );
}
