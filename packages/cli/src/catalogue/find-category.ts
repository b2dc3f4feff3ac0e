import {
  type Category,
  type CategoryGateway,
  err,
  findSubCategoryByName,
  ok,
  type Result,
  type SubCategory,
} from "@katale/domain";
import { cliMessages } from "../cli-messages.js";
import type { IdOrName } from "../config/option-parsers.js";

/** The category a `--category <id|name>` names (name in any case), or 'Category not found'. */
export async function findCategory(
  categories: Pick<CategoryGateway, "listCategories">,
  ref: IdOrName,
): Promise<Result<Category>> {
  const all = await categories.listCategories();
  if (!all.ok) return all;
  const wanted = "name" in ref ? ref.name.toLowerCase() : undefined;
  const found = all.value.find((c) => ("id" in ref ? c.id === ref.id : c.name.toLowerCase() === wanted));
  return found === undefined ? err({ kind: "not-found", message: cliMessages.categoryNotFound }) : ok(found);
}

/** The sub category a `--sub-category <id|name>` names, or 'Sub category not found'. */
export async function findSubCategory(
  categories: Pick<CategoryGateway, "listSubCategories">,
  ref: IdOrName,
): Promise<Result<SubCategory>> {
  const all = await categories.listSubCategories();
  if (!all.ok) return all;
  const found =
    "id" in ref ? all.value.find((s) => s.id === ref.id) : findSubCategoryByName(all.value, ref.name);
  return found === undefined
    ? err({ kind: "not-found", message: cliMessages.subCategoryNotFound })
    : ok(found);
}
