import type { FetchLike } from "@katale/adapters-http";
import { afterEach, describe, expect, it } from "vitest";
import { withFirstScreen } from "./first-screen-fetch.js";

const origin = window.location.origin;

function pageWith(answers: Record<string, unknown> | string): void {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = "first-screen";
  element.textContent = typeof answers === "string" ? answers : JSON.stringify(answers);
  document.head.append(element);
}

function network(): { fetch: FetchLike; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (url) => {
      asked.push(url);
      return { status: 200, text: async () => '{"from":"network"}' };
    },
  };
}

afterEach(() => document.getElementById("first-screen")?.remove());

describe("withFirstScreen", () => {
  it("answers each inlined call from the page in the task that first asks for it, then asks the network", async () => {
    pageWith({ "/api/shop/product/": { data: [{ product_id: 1 }] } });
    const { fetch, asked } = network();
    const fetchFirst = withFirstScreen(fetch);
    const first = await fetchFirst(`${origin}/api/shop/product/`, { method: "GET", headers: {} });
    expect(JSON.parse(await first.text())).toEqual({ data: [{ product_id: 1 }] });
    // A call chained on it in the same task (the category page asks for the categories twice) shares it.
    const chained = await fetchFirst(`${origin}/api/shop/product/`, { method: "GET", headers: {} });
    expect(JSON.parse(await chained.text())).toEqual({ data: [{ product_id: 1 }] });
    expect(asked).toEqual([]);
    // The page's copy is used up: a later refresh asks the service.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const again = await fetchFirst(`${origin}/api/shop/product/`, { method: "GET", headers: {} });
    expect(JSON.parse(await again.text())).toEqual({ from: "network" });
    expect(asked).toEqual([`${origin}/api/shop/product/`]);
    expect(document.getElementById("first-screen")).toBeNull();
  });

  it("asks the network for other paths, other methods, other origins, and when the page has nothing or junk", async () => {
    pageWith({ "/api/shop/product/": { data: [] } });
    const { fetch, asked } = network();
    const fetchFirst = withFirstScreen(fetch);
    await fetchFirst(`${origin}/api/shop/product/?page=2`, { method: "GET", headers: {} });
    await fetchFirst(`${origin}/api/shop/product/`, { method: "POST", headers: {}, body: "{}" });
    await fetchFirst("https://elsewhere.example/api/shop/product/", { method: "GET", headers: {} });
    expect(asked).toHaveLength(3);

    pageWith("{not json");
    const junk = network();
    await withFirstScreen(junk.fetch)(`${origin}/api/shop/category/`, { method: "GET", headers: {} });
    expect(junk.asked).toEqual([`${origin}/api/shop/category/`]);
  });
});
