import { loadProductDetail, PAGE_SIZE_MAX, recordProductView, searchProducts } from "@katale/domain";
import type { Command } from "commander";
import { cliMessages } from "../cli-messages.js";
import { type IdOrName, parseIdOrName, parsePageNumber, parsePageSize } from "../config/option-parsers.js";
import type { Invoke } from "../invocation.js";
import { findShop } from "../shops/find-shop.js";
import { loadProductListing, type ProductFilter } from "./product-listing.js";
import { renderProductDetail, renderProductListing, renderSearchResults } from "./product-render.js";

interface ListOptions {
  category?: IdOrName;
  subCategory?: IdOrName;
  shop?: IdOrName;
  page: number;
  pageSize?: number;
}

/** An all-digit argument is a product id; anything else a slug (slugs always hold a letter or dash). */
const PRODUCT_ID = /^\d+$/;

/** `katale products list|search|show`. */
export function registerProductCommands(program: Command, invoke: Invoke): void {
  const products = program.command("products").description("browse products");

  products
    .command("list")
    .description("list products in stock, newest first, a page at a time")
    .option("--category <id|name>", "only this category's products", parseIdOrName)
    .option("--sub-category <id|name>", "only this sub category's products", parseIdOrName)
    .option("--shop <id|name>", "only this shop's products", parseIdOrName)
    .option("--page <n>", "page to show", parsePageNumber, 1)
    .option(
      "--page-size <n>",
      `products per page, at most ${PAGE_SIZE_MAX} (default: 8, or 20 with a filter)`,
      parsePageSize,
    )
    .action(async (options: ListOptions, command: Command) => {
      const run = invoke(command);
      const chosen = filterOf(options);
      if (chosen === null) return run.usageError(cliMessages.oneProductFilter);
      // A shop named rather than numbered is looked up first (one request), as `follow` does.
      const filter: ProductFilter =
        chosen.kind === "shop-name" ? { kind: "shop", id: (await findShop(run, chosen.name)).id } : chosen;
      const listing = await loadProductListing(run.services, filter, options.page, options.pageSize);
      // JSON: the page of products ({items, count, page, hasNext, hasPrevious}) whatever the filter.
      run.show(run.unwrap(listing, { page: options.page }), renderProductListing, (l) => l.products);
    });

  products
    .command("search")
    .description("search products by name and description")
    .argument("<text...>", "what to look for")
    .action(async (words: string[], _options: object, command: Command) => {
      const run = invoke(command);
      const outcome = run.unwrap(await searchProducts(run.services.products, words.join(" ")));
      if (outcome.kind === "redirect-home") return run.usageError(cliMessages.searchTextRequired);
      run.show(outcome.products, (found, width) => renderSearchResults(found, outcome.query, width));
    });

  products
    .command("show")
    .description("show one product, its shop and related products")
    .argument("<slug>", "the product's slug (or its id)")
    .action(async (slug: string, _options: object, command: Command) => {
      const run = invoke(command);
      const ref = PRODUCT_ID.test(slug) ? { id: Number(slug) } : { slug };
      const detail = run.unwrap(await loadProductDetail(run.services, ref), {
        notFound: cliMessages.productNotFound,
      });
      // Signed in, the view goes into the browse history (spec §2); showing the product never fails on it.
      const { engagement } = run.services;
      if (engagement !== undefined) await recordProductView(engagement, detail.product.id);
      run.show(detail, (value, width) => renderProductDetail(value, width, run.services.urls.shopUrl));
    });
}

/** A shop given by its name, still to be looked up. */
type ShopName = { kind: "shop-name"; name: string };

/** The one listing filter given, `{kind: "all"}` for none, null when several are. */
function filterOf(options: ListOptions): ProductFilter | ShopName | null {
  const filters: (ProductFilter | ShopName)[] = [];
  if (options.category !== undefined) filters.push({ kind: "category", ref: options.category });
  if (options.subCategory !== undefined) filters.push({ kind: "sub-category", ref: options.subCategory });
  const { shop } = options;
  if (shop !== undefined)
    filters.push("id" in shop ? { kind: "shop", id: shop.id } : { kind: "shop-name", name: shop.name });
  if (filters.length > 1) return null;
  return filters[0] ?? { kind: "all" };
}
