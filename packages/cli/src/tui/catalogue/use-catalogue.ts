import { LISTING_PAGE_SIZE } from "@katale/domain";
import { cliMessages } from "../../cli-messages.js";
import { useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";
import { useLoad } from "../use-load.js";

/** The categories. */
export function useCategories() {
  const { categories } = useTuiServices();
  const describe = useFailureText();
  return useLoad(() => categories.listCategories(), describe, []).loaded;
}

/** A category's sub categories. */
export function useSubCategories(categoryId: number) {
  const { categories } = useTuiServices();
  const describe = useFailureText("shop", cliMessages.categoryNotFound);
  return useLoad(() => categories.listSubCategoriesOf(categoryId), describe, [categoryId]).loaded;
}

/** A sub category's products, a page at a time (`loadMore`), with why the next page failed. */
export function useSubCategoryProducts(subCategoryId: number) {
  const services = useTuiServices();
  const describe = useFailureText();
  const { state, loadMore } = useInfinite(
    (page) => services.products.listSubCategoryProductsPage(subCategoryId, page, LISTING_PAGE_SIZE),
    [services, subCategoryId],
  );
  return {
    products: state.items,
    failure: state.error ? describe(state.error) : null,
    done: state.done,
    footer: infiniteFooter(state, services.urls),
    loadMore,
  };
}
