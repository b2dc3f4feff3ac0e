// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { readInlineAppConfig, resolveAppConfig } from "./app-config.js";

const origin = "https://katale.example";

function inlineConfig(text: string | null) {
  document.getElementById("app-config")?.remove();
  if (text === null) return;
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "app-config";
  element.textContent = text;
  document.body.append(element);
}
afterEach(() => inlineConfig(null));

describe("the runtime configuration", () => {
  it("is read from the page when the server inlined it, with absolute service bases", async () => {
    inlineConfig('{"authUrl":"/api/auth/","shopUrl":"/api/shop/","shopIdSecret":"s3cret"}');
    const noFetch = (() => Promise.reject(new Error("no request expected"))) as typeof fetch;
    expect(await resolveAppConfig(document, origin, noFetch)).toEqual({
      authUrl: "https://katale.example/api/auth/",
      shopUrl: "https://katale.example/api/shop/",
      shopIdSecret: "s3cret",
    });
  });

  it("is not taken from an empty, unreadable or incomplete element", () => {
    inlineConfig("");
    expect(readInlineAppConfig(document, origin)).toBeNull();
    inlineConfig("{not json");
    expect(readInlineAppConfig(document, origin)).toBeNull();
    inlineConfig('{"authUrl":"/api/auth/","shopUrl":"/api/shop/"}');
    expect(readInlineAppConfig(document, origin)).toBeNull();
    inlineConfig(null);
    expect(readInlineAppConfig(document, origin)).toBeNull();
  });
});
