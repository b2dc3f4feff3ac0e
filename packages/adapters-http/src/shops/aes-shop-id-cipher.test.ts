import { describe, expect, it } from "vitest";
import { AesShopIdCipher } from "./aes-shop-id-cipher.js";

const cipher = new AesShopIdCipher("test secret");

describe("AesShopIdCipher", () => {
  it("reads back the id it encrypted", async () => {
    for (const id of [1, 5, 42, 2_147_483_647]) {
      expect(await cipher.decrypt(await cipher.encrypt(id))).toBe(id);
    }
  });

  it("gives a shop the same link every time, and different shops different links", async () => {
    expect(await cipher.encrypt(7)).toBe(await new AesShopIdCipher("test secret").encrypt(7));
    expect(await cipher.encrypt(7)).not.toBe(await cipher.encrypt(8));
  });

  it("makes tokens that fit in one path segment and do not show the id", async () => {
    const token = await cipher.encrypt(123);
    expect(token).not.toContain("/");
    expect(token).not.toContain("123");
    expect(encodeURIComponent(token).length).toBeLessThan(80);
  });

  it("refuses a token made with another secret", async () => {
    expect(await cipher.decrypt(await new AesShopIdCipher("other secret").encrypt(7))).toBeNull();
  });

  it("refuses a token with any character changed", async () => {
    const token = await cipher.encrypt(99);
    for (let i = 0; i < token.length; i++) {
      const c = token[i] === "A" ? "B" : "A";
      const tampered = token.slice(0, i) + c + token.slice(i + 1);
      if (tampered === token) continue;
      expect(await cipher.decrypt(tampered)).toBeNull();
    }
  });

  it.each(["", "abc", "not base64!", "////", "_".repeat(60), "AAAA".repeat(20), "12"])(
    "refuses the malformed token %j",
    async (token) => {
      expect(await cipher.decrypt(token)).toBeNull();
    },
  );

  it("refuses to encrypt what is not a shop id", async () => {
    await expect(cipher.encrypt(0)).rejects.toThrow(RangeError);
    await expect(cipher.encrypt(1.5)).rejects.toThrow(RangeError);
  });
});
