import { messages, type Shop, type ShopPage } from "@katale/domain";
import { NONE, ratingCell, shopLabel, starBar } from "../output/formatting.js";
import { type Column, renderTable } from "../output/table.js";
import { lines, truncate, wrap } from "../output/text.js";
import { productTable } from "../products/product-render.js";

// Pure renderers for shops: data in, terminal text out.

const shopColumns: readonly Column<Shop>[] = [
  { header: "Id", value: (s) => String(s.id), align: "right" },
  {
    header: "Name",
    value: (s) => shopLabel(s.name, s.verificationStatus),
    cut: (s, width) => shopLabel(s.name, s.verificationStatus, width),
    shrink: true,
    minWidth: 14,
    weight: 2,
  },
  { header: "Rating", value: (s) => ratingCell(s.rating) },
  { header: "Phone", value: (s) => s.phone ?? NONE },
  { header: "Bio", value: (s) => s.bio.replace(/\s+/g, " "), shrink: true, minWidth: 10 },
];

export function renderShops(shops: readonly Shop[], width: number): string {
  if (shops.length === 0) return lines(messages.home.noShops);
  return lines(renderTable(shopColumns, shops, width));
}

/** A shop's page: who it is, how to reach it, followers, and its first products. */
export function renderShopPage(page: ShopPage, width: number): string {
  const { shop } = page;
  const label = (name: string, value: string) => `${`${name}:`.padEnd(10)} ${value}`;
  const shown = page.recommended;
  const products =
    shown.length === 0
      ? [messages.products.noProducts]
      : [
          ...productTable(shown, width, false),
          "",
          shown.length < page.numberOfProducts
            ? `${shown.length} of ${page.numberOfProducts} products · all: katale products list --shop ${shop.id}`
            : `${page.numberOfProducts} ${page.numberOfProducts === 1 ? "product" : "products"}`,
        ];

  return lines(
    truncate(shopLabel(shop.name, shop.verificationStatus), width),
    shop.bio.trim() === "" ? null : wrap(shop.bio, width),
    "",
    label("Rating", shop.rating === null ? NONE : `${starBar(shop.rating)} ${shop.rating.toFixed(1)}`),
    label("Followers", page.numberOfFollowers === null ? NONE : String(page.numberOfFollowers)),
    label("Items", String(page.numberOfProducts)),
    label("Email", shop.email ?? messages.common.notSet),
    label("Phone", shop.phone ?? messages.common.notSet),
    "",
    "Products",
    products,
  );
}
