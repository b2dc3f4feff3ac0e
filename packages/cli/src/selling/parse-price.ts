import { PRODUCT_PRICE_MAX } from "@katale/domain";
import { sellingCliMessages as text } from "./selling-cli-messages.js";

export type PriceParse =
  | { readonly ok: true; readonly price: number }
  | { readonly ok: false; readonly error: string };

// "UGX 15,000", "Ush 2000", "shs. 500", "15,000/=", "15000 ugx": a currency word before or after,
// the "/=" (or "/-") that ends a price on a receipt, thousands split by commas.
const CURRENCY_BEFORE = /^(?:ugx|ush|ushs|shs?)\.?\s*/i;
const CURRENCY_AFTER = /\s*(?:\/=|\/-|ugx|ush|ushs|shs?\.?)$/i;
const GROUPED = /^\d{1,3}(?:,\d{3})+$/;

/** A price as Ugandans write it, read as whole shillings; otherwise what is wrong with it. */
export function parsePrice(cell: string): PriceParse {
  const written = cell.trim();
  if (written === "") return { ok: false, error: text.priceMissing };
  const failed = (error: (cell: string) => string): PriceParse => ({ ok: false, error: error(written) });
  let number = written.replace(CURRENCY_BEFORE, "").replace(CURRENCY_AFTER, "").trim();
  if (number.startsWith("-"))
    return /^-[\d,.]+$/.test(number) ? failed(text.priceNotPositive) : failed(text.priceNotNumber);
  // A spreadsheet's "15,000.00" is whole; "15.5" is not.
  const decimals = /\.(\d+)$/.exec(number);
  if (decimals) {
    if (!/^0+$/.test(decimals[1]!))
      return /^[\d,]+\.\d+$/.test(number) ? failed(text.priceNotWhole) : failed(text.priceNotNumber);
    number = number.slice(0, decimals.index);
  }
  if (number.includes(",")) {
    if (!/^[\d,]+$/.test(number)) return failed(text.priceNotNumber);
    if (!GROUPED.test(number)) return failed(text.priceBadCommas);
    number = number.replaceAll(",", "");
  }
  if (!/^\d+$/.test(number)) return failed(text.priceNotNumber);
  const price = Number(number);
  if (price < 1) return failed(text.priceNotPositive);
  if (price > PRODUCT_PRICE_MAX) return failed(text.priceTooHigh);
  return { ok: true, price };
}
