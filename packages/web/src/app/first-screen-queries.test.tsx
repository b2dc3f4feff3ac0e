import type { FetchLike } from "@katale/adapters-http";
import { aProductWire } from "@katale/adapters-http/testing";
import { afterEach, describe, expect, it } from "vitest";
import { connectServices } from "./composition-root.js";
import { prefillFirstScreen } from "./first-screen-queries.js";
import { createQueryClient } from "./query-client.js";

const origin = window.location.origin;
const config = { authUrl: `${origin}/api/auth/`, shopUrl: `${origin}/api/shop/`, shopIdSecret: "secret" };

const pump = aProductWire();

function pageWith(answers: Record<string, unknown>): void {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "first-screen";
  element.textContent = JSON.stringify(answers);
  document.head.append(element);
}

/** The network: records what is asked, answers nothing until `release`. */
function network() {
  const asked: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch: FetchLike = async (url) => {
    asked.push(url);
    await released;
    return { status: 503, text: async () => "" };
  };
  return { asked, fetch, release };
}

afterEach(() => document.getElementById("first-screen")?.remove());

describe("prefillFirstScreen", () => {
  it("fills a product page's product from the page before the first render, without the network", async () => {
    pageWith({ "/api/shop/product/slug/bicycle-pump-3eel/": { data: { ...pump, filters: [] } } });
    const { asked, fetch } = network();
    const client = createQueryClient();
    await prefillFirstScreen(client, connectServices(config, fetch), {
      pathname: "/item/bicycle-pump-3eel",
      search: "",
    });
    const product = client.getQueryData(["product", { slug: "bicycle-pump-3eel" }]) as {
      ok: boolean;
      value?: { name: string; price: number };
    };
    expect(product.ok).toBe(true);
    expect(product.value).toMatchObject({ name: "Bicycle pump", price: 25_000 });
    expect(asked).toEqual([]);
  });

  it("fills the home's products, categories and shops from the page", async () => {
    pageWith({
      "/api/shop/product/": { data: [pump] },
      "/api/shop/category/": { categories: [{ id: 1, name: "Sports", image_url: null }] },
      "/api/shop/shop/top-rated/": [],
      "/api/shop/product/trending/": { data: [pump] },
    });
    const { asked, fetch } = network();
    const client = createQueryClient();
    await prefillFirstScreen(client, connectServices(config, fetch), { pathname: "/", search: "" });
    expect(client.getQueryData(["products", "all"])).toMatchObject({
      ok: true,
      value: [{ name: "Bicycle pump" }],
    });
    expect(client.getQueryData(["home", "banner-categories"])).toMatchObject({
      ok: true,
      value: [{ name: "Sports" }],
    });
    expect(client.getQueryState(["home", "featured-shops"])?.status).toBe("success");
    expect(client.getQueryData(["products", "trending"])).toMatchObject({
      ok: true,
      value: [{ name: "Bicycle pump" }],
    });
    expect(asked).toEqual([]);
  });

  it("fills a category page's place and its listing, as the page asks for it, from the page", async () => {
    pageWith({
      "/api/shop/category/": { categories: [{ id: 1, name: "Sports", image_url: null }] },
      "/api/shop/category/subcategory/1/": { sub_categories: [] },
      "/api/shop/product/browse/?category=1": {
        count: 1,
        next: null,
        previous: null,
        results: [pump],
        facets: { filters: [], price: { min: null, max: null }, districts: [], verified: 0, in_stock: 1 },
      },
    });
    const { asked, fetch } = network();
    const client = createQueryClient();
    // The listing's module is a chunk of the category page's (the page preloads it): time to load it here.
    await prefillFirstScreen(
      client,
      connectServices(config, fetch),
      { pathname: "/products/category/Sports", search: "" },
      10_000,
    );
    expect(client.getQueryData(["category-place", "sports"])).toMatchObject({
      ok: true,
      value: { category: { name: "Sports" } },
    });
    expect(client.getQueryData(["browse", "category=1"])).toMatchObject({
      ok: true,
      value: { page: { items: [{ name: "Bicycle pump" }] } },
    });
    expect(asked).toEqual([]);
  });

  it("renders without waiting longer than its limit for an answer the page does not carry", async () => {
    const { asked, fetch, release } = network();
    const client = createQueryClient();
    const started = Date.now();
    await prefillFirstScreen(
      client,
      connectServices(config, fetch),
      { pathname: "/products/category/Sports", search: "" },
      50,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(client.getQueryState(["category-place", "sports"])?.status).toBe("pending");
    expect(asked).toEqual([`${origin}/api/shop/category/`]);
    release();
  });

  it("fills nothing on other pages, and on a later page of a listing", async () => {
    const { asked, fetch } = network();
    const client = createQueryClient();
    const services = connectServices(config, fetch);
    await prefillFirstScreen(client, services, { pathname: "/shops", search: "" });
    await prefillFirstScreen(client, services, { pathname: "/products/category/Sports", search: "?page=2" });
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(asked).toEqual([]);
  });
});
