import { describe, expect, it } from "vitest";
import { aProduct } from "../testing/builders.js";
import { InMemoryProductGateway } from "../testing/in-memory-product-gateway.js";
import { searchProducts } from "./search-products.js";

const gateway = () =>
  new InMemoryProductGateway([aProduct({ name: "Rolex chapati pan" }), aProduct({ name: "Matooke" })]);

describe("search", () => {
  it.each(["", "   ", null, undefined])("sends the user home for the query %j", async (query) => {
    expect(await searchProducts(gateway(), query)).toEqual({ ok: true, value: { kind: "redirect-home" } });
  });

  it("returns the products found for a trimmed query", async () => {
    const found = await searchProducts(gateway(), "  matooke ");
    expect(found.ok && found.value).toMatchObject({ kind: "results", query: "matooke" });
    expect(found.ok && found.value.kind === "results" && found.value.products.map((p) => p.name)).toEqual([
      "Matooke",
    ]);
  });

  it("passes a failure on", async () => {
    const g = gateway();
    g.failures.set("searchProducts", { kind: "server", status: 503 });
    expect(await searchProducts(g, "pan")).toEqual({ ok: false, error: { kind: "server", status: 503 } });
  });
});
