/**
 * Shop ids in links are encrypted (spec §5). The token is URL-path safe ('/' replaced by '_').
 * decrypt answers null for anything that is not a token this cipher made.
 */
export interface ShopIdCipher {
  encrypt(id: number): Promise<string>;
  decrypt(token: string): Promise<number | null>;
}
