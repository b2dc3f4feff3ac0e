import { formatUgx, type Product, type Shop } from "@katale/domain";
import { renderTable } from "../output/table.js";
import type { ImportReport, RowResult } from "./import/run-import.js";
import { sellingCliMessages as text } from "./selling-cli-messages.js";

/** `katale shops mine`: id, name, status, categories. */
export function renderMyShops(shops: readonly Shop[], width: number): string {
  if (shops.length === 0) return `${text.noShops}\n`;
  const lines = renderTable(
    [
      { header: "ID", value: (s: Shop) => String(s.id), align: "right" },
      { header: "NAME", value: (s: Shop) => s.name, shrink: true },
      { header: "STATUS", value: (s: Shop) => s.verificationStatus },
      { header: "PHONE", value: (s: Shop) => s.phone ?? "" },
    ],
    shops,
    width,
  );
  return `${lines.join("\n")}\n`;
}

/** A shop after `shops create` / `shops update`. */
export function renderShopSaved(saved: { shop: Shop; message: string; place?: string }): string {
  const { shop } = saved;
  const lines = [`${saved.message}: ${shop.name} (id ${shop.id})`];
  if (saved.place) lines.push(`Location: ${saved.place}`);
  if (shop.email) lines.push(`Email: ${shop.email}`);
  if (shop.phone) lines.push(`Phone: ${shop.phone}`);
  if (shop.bio) lines.push(`Bio: ${shop.bio}`);
  return `${lines.join("\n")}\n`;
}

/** A product after `products add|update|stock`. */
export function renderProductSaved(saved: { product: Product; message: string }): string {
  const p = saved.product;
  return `${saved.message}: ${p.name} (${p.slug}, id ${p.id}) · ${formatUgx(p.price)} · in stock ${p.inStock} · ${p.images.length} ${p.images.length === 1 ? "image" : "images"}\n`;
}

/** One row of `products import`, printed as the row finishes. */
export function renderImportRow(r: RowResult): string {
  const id = r.product_id === undefined ? "" : ` (id ${r.product_id})`;
  const why = r.error === undefined ? "" : `: ${r.error}`;
  return `row ${r.row}\t${r.sku || "-"}\t${r.status}${id}${why}\n`;
}

/** `products import`: the totals, after the row lines. */
export function renderImportSummary(report: ImportReport, dryRun: boolean): string {
  const lines = [text.summary(report)];
  if (dryRun) lines.push(text.dryRun);
  return `${lines.join("\n")}\n`;
}
