import type { ShopIdCipher } from "../shops/shop-id-cipher.js";

/** A stand-in cipher for tests of code that only needs tokens to round-trip. Not secret. */
export class ReversibleShopIdCipher implements ShopIdCipher {
  async encrypt(id: number): Promise<string> {
    return `s${id.toString(36)}`;
  }

  async decrypt(token: string): Promise<number | null> {
    const match = /^s([0-9a-z]+)$/.exec(token);
    return match?.[1] === undefined ? null : Number.parseInt(match[1], 36);
  }
}
