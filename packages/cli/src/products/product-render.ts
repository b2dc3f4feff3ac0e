import {
  formatUgx,
  inStock,
  mediaUrl,
  messages,
  type Page,
  type Product,
  type ProductDetail,
  ratingCount,
} from "@katale/domain";
import { pageLine, ratingCell, shopLabel, starBar } from "../output/formatting.js";
import { type Column, renderTable } from "../output/table.js";
import { lines, truncate, wrap } from "../output/text.js";
import type { ListingScope, ProductListing } from "./product-listing.js";

// Pure renderers for products: data in, terminal text out.

const productColumns: readonly Column<Product>[] = [
  { header: "Id", value: (p) => String(p.id), align: "right" },
  { header: "Name", value: (p) => p.name, shrink: true, minWidth: 14, weight: 2 },
  { header: "Price", value: (p) => formatUgx(p.price), align: "right" },
  { header: "Stock", value: (p) => String(p.inStock), align: "right" },
  { header: "Rating", value: (p) => ratingCell(p.averageRating, p.numberOfUsersRated) },
  {
    header: "Shop",
    value: (p) => shopLabel(p.shopName, p.shopVerificationStatus),
    cut: (p, width) => shopLabel(p.shopName, p.shopVerificationStatus, width),
    shrink: true,
    minWidth: 10,
  },
];

/**
 * Products as a table; `katale products show` takes the id (or the slug). Within one shop's page
 * the shop column is left out (`withShop: false`).
 */
export function productTable(products: readonly Product[], width: number, withShop = true): string[] {
  return renderTable(withShop ? productColumns : productColumns.slice(0, -1), products, width);
}

/** A heading for a listing: what is listed, and lines under it. */
export interface ListingHeading {
  readonly title: string;
  readonly details?: readonly string[];
}

/** One page of products: an optional heading, the table and 'Page 2 of 13', or 'No products'. */
export function renderProductPage(
  page: Page<Product>,
  pageSize: number,
  width: number,
  heading?: ListingHeading,
  withShop = true,
): string {
  const head = heading === undefined ? [] : [heading.title, ...(heading.details ?? []), ""];
  if (page.items.length === 0) return lines(head, messages.products.noProducts);
  return lines(head, productTable(page.items, width, withShop), "", pageLine(page, pageSize));
}

/** `katale products list`: what is listed, then the page of products. */
export function renderProductListing(listing: ProductListing, width: number): string {
  const { products, pageSize, scope } = listing;
  return renderProductPage(products, pageSize, width, listingHeading(scope, width), scope.kind !== "shop");
}

function listingHeading(scope: ListingScope, width: number): ListingHeading | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "category": {
      const names = scope.subCategories.map((s) => s.name).join(", ");
      return {
        title: scope.category.name,
        details: names === "" ? [] : wrap(`Sub categories: ${names}`, width),
      };
    }
    case "sub-category": {
      const { subCategory } = scope;
      const parent = subCategory.categoryName;
      return { title: parent === undefined ? subCategory.name : `${parent} › ${subCategory.name}` };
    }
    case "shop":
      return { title: shopLabel(scope.shop.name, scope.shop.verificationStatus) };
  }
}

/** Search results, or 'No products' when nothing matches. */
export function renderSearchResults(products: readonly Product[], query: string, width: number): string {
  if (products.length === 0) return lines(messages.products.noProducts);
  const found = `${products.length} ${products.length === 1 ? "product" : "products"} for "${query}"`;
  return lines(productTable(products, width), "", found);
}

/** /item/{slug} in the terminal: the product, its shop, its description and what else to look at. */
export function renderProductDetail(detail: ProductDetail, width: number, shopUrl: string): string {
  const { product, shop } = detail;
  const label = (name: string, value: string) => `${`${name}:`.padEnd(10)} ${value}`;
  const image = mediaUrl(shopUrl, product.images[0]);
  const moreImages = product.images.length > 1 ? ` (+${product.images.length - 1} more)` : "";
  const rating =
    product.numberOfUsersRated === 0
      ? `${starBar(0)} ${ratingCount(0)}`
      : `${starBar(product.averageRating)} ${product.averageRating.toFixed(1)} ${ratingCount(product.numberOfUsersRated)}`;

  return lines(
    truncate(product.name, width),
    `${formatUgx(product.price)} · ${inStock(product.inStock)}`,
    rating,
    "",
    label(
      "Shop",
      `${shopLabel(product.shopName, product.shopVerificationStatus)} (katale shops show ${product.shopId})`,
    ),
    shop?.phone ? label("Phone", shop.phone) : null,
    shop?.email ? label("Email", shop.email) : null,
    label("Category", `${product.categoryName} › ${product.subCategoryName}`),
    label("Slug", product.slug),
    image === null ? null : label("Image", `${image}${moreImages}`),
    "",
    messages.products.description,
    wrap(product.description, width - 2).map((line) => `  ${line}`),
    section(messages.products.moreFromUs, detail.moreFromShop, width, false),
    section(messages.products.relatedFromOtherShops, detail.relatedFromOtherShops, width),
  );
}

function section(title: string, products: readonly Product[], width: number, withShop = true): string[] {
  return products.length === 0 ? [] : ["", title, ...productTable(products, width, withShop)];
}
