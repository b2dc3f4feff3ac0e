import { err, ok, type Result } from "../result.js";
import type { ShopIdCipher } from "./shop-id-cipher.js";

/** Path of a shop's customer page: /shops/shop/{encrypted id} (spec §2). */
export async function shopLink(cipher: ShopIdCipher, shopId: number): Promise<string> {
  return `/shops/shop/${await cipher.encrypt(shopId)}`;
}

/** The shop id behind a link segment; a tampered or foreign segment is simply not found. */
export async function shopIdFromLink(
  cipher: ShopIdCipher,
  segment: string,
): Promise<Result<number, { kind: "not-found" }>> {
  const id = await cipher.decrypt(segment);
  return id === null ? err({ kind: "not-found" }) : ok(id);
}
