import { describe, expect, it } from "vitest";
import { DEFAULT_AUTH_URL, DEFAULT_SHOP_URL, resolveServiceUrls } from "./service-urls.js";

describe("resolveServiceUrls", () => {
  it("defaults to the one-process server on localhost:8080", () => {
    expect(resolveServiceUrls({}, {})).toEqual({
      ok: true,
      value: { authUrl: DEFAULT_AUTH_URL, shopUrl: DEFAULT_SHOP_URL },
    });
    expect(DEFAULT_SHOP_URL).toBe("http://localhost:8080/api/shop/");
  });

  it("takes the environment over the default and the flag over both", () => {
    const env = {
      KATALE_SHOP_URL: "https://katale.ug/api/shop/",
      KATALE_AUTH_URL: "https://katale.ug/api/auth/",
    };
    const fromEnv = resolveServiceUrls({}, env);
    expect(fromEnv.ok && fromEnv.value.shopUrl).toBe("https://katale.ug/api/shop/");
    const fromFlag = resolveServiceUrls({ shopUrl: "http://127.0.0.1:9000/api/shop" }, env);
    expect(fromFlag.ok && fromFlag.value).toEqual({
      authUrl: "https://katale.ug/api/auth/",
      shopUrl: "http://127.0.0.1:9000/api/shop/",
    });
  });

  it("treats an empty variable as unset", () => {
    const urls = resolveServiceUrls({}, { KATALE_SHOP_URL: "" });
    expect(urls.ok && urls.value.shopUrl).toBe(DEFAULT_SHOP_URL);
  });

  it("refuses what is not an http(s) URL, naming the option", () => {
    expect(resolveServiceUrls({ shopUrl: "localhost:8080" }, {})).toEqual({
      ok: false,
      error: "--shop-url must be an http:// or https:// URL, got 'localhost:8080'.",
    });
    const badEnv = resolveServiceUrls({}, { KATALE_AUTH_URL: "not a url" });
    expect(!badEnv.ok && badEnv.error).toContain("--auth-url");
  });
});
