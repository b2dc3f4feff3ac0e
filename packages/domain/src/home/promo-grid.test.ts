import { describe, expect, it } from "vitest";
import { SERVICES_CATEGORY_ID } from "../constants.js";
import { someProducts } from "../testing/builders.js";
import { InMemoryProductGateway } from "../testing/in-memory-product-gateway.js";
import { PromoGrid } from "./promo-grid.js";

const services = (n: number) => someProducts(n, { categoryId: SERVICES_CATEGORY_ID });

describe("promo grid", () => {
  it("shows category 5 products only, 4 at a time", async () => {
    const gateway = new InMemoryProductGateway([...services(6), ...someProducts(5, { categoryId: 2 })]);
    const grid = new PromoGrid(gateway, 4);
    const state = await grid.load();
    expect(state.items).toHaveLength(4);
    expect(state.items.every((p) => p.categoryId === SERVICES_CATEGORY_ID)).toBe(true);
  });

  it("pages forward and back", async () => {
    const products = services(6);
    const grid = new PromoGrid(new InMemoryProductGateway(products), 4);
    await grid.load();
    const second = await grid.next();
    expect(second.page).toBe(2);
    expect(second.items.map((p) => p.id)).toEqual(products.slice(4).map((p) => p.id));
    const back = await grid.previous();
    expect(back.page).toBe(1);
  });

  it("starts again at page 1 after the last page", async () => {
    const grid = new PromoGrid(new InMemoryProductGateway(services(2)), 1);
    await grid.load();
    await grid.next();
    const wrapped = await grid.next();
    expect(wrapped.page).toBe(1);
  });

  it("resets to page 1 when the service answers 'Invalid page.'", async () => {
    const gateway = new InMemoryProductGateway(services(3));
    const grid = new PromoGrid(gateway, 1);
    await grid.load();
    await grid.next(); // page 2 of 3
    gateway.products = gateway.products.slice(0, 2); // the list shrank: page 3 no longer exists
    const state = await grid.next(); // hasNext was true, so it asks for page 3
    expect(gateway.pageRequests.at(-2)).toEqual({ page: 3, pageSize: 1 });
    expect(state.page).toBe(1);
    expect(state.items.map((p) => p.id)).toEqual([gateway.products[0]?.id]);
  });

  it("previous on page 1 stays on page 1", async () => {
    const grid = new PromoGrid(new InMemoryProductGateway(services(3)), 1);
    await grid.load();
    expect((await grid.previous()).page).toBe(1);
  });

  it("shows nothing, without an error, when there are no services", async () => {
    const state = await new PromoGrid(new InMemoryProductGateway([]), 4).load();
    expect(state).toMatchObject({ page: 1, items: [], error: null });
  });

  it("keeps what it shows and reports a network failure", async () => {
    const gateway = new InMemoryProductGateway(services(8));
    const grid = new PromoGrid(gateway, 4);
    const first = await grid.load();
    gateway.failures.set("listCategoryProductsPage", { kind: "network" });
    const state = await grid.next();
    expect(state.items).toEqual(first.items);
    expect(state.error).toEqual({ kind: "network" });
  });

  it("goes back to page 1 with the new size when the screen narrows", async () => {
    const grid = new PromoGrid(new InMemoryProductGateway(services(8)), 4);
    await grid.load();
    await grid.next();
    const state = await grid.resize(1);
    expect(state.page).toBe(1);
    expect(state.items).toHaveLength(1);
  });
});
