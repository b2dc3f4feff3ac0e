import { cliMessages } from "../../cli-messages.js";
import { useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
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
