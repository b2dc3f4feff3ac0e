import type { Command } from "commander";
import { cliMessages } from "../cli-messages.js";
import { type IdOrName, parseIdOrName } from "../config/option-parsers.js";
import type { Invoke } from "../invocation.js";
import { renderCategories, renderSubCategories } from "./catalogue-render.js";
import { findCategory } from "./find-category.js";

/** `katale categories list`, `katale subcategories list [--category <id|name>]`. */
export function registerCatalogueCommands(program: Command, invoke: Invoke): void {
  program
    .command("categories")
    .description("browse the categories")
    .command("list")
    .description("list all categories")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      run.show(run.unwrap(await run.services.categories.listCategories()), renderCategories);
    });

  program
    .command("subcategories")
    .description("browse the sub categories")
    .command("list")
    .description("list the sub categories, of all categories or of one")
    .option("--category <id|name>", "only those of this category", parseIdOrName)
    .action(async (options: { category?: IdOrName }, command: Command) => {
      const run = invoke(command);
      const { categories } = run.services;
      if (options.category === undefined) {
        run.show(run.unwrap(await categories.listSubCategories()), renderSubCategories);
        return;
      }
      const category = run.unwrap(await findCategory(categories, options.category));
      const subCategories = run.unwrap(await categories.listSubCategoriesOf(category.id), {
        notFound: cliMessages.categoryNotFound,
      });
      run.show(subCategories, (list, width) => renderSubCategories(list, width, category));
    });
}
