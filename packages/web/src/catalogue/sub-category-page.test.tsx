// @vitest-environment happy-dom
import { PRODUCT_LIST_SPINNER_MS } from "@katale/domain";
import {
  aCategory,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemoryProductFinder,
  someProducts,
} from "@katale/domain/testing";
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import SubCategoryPage from "./sub-category-page.js";

const phones = aSubCategory({ id: 7, name: "Phones", categoryId: 1, categoryName: "Electronics" });
const laptops = aSubCategory({ id: 8, name: "Laptops", categoryId: 1, categoryName: "Electronics" });

function open(finder: InMemoryProductFinder) {
  const categories = new InMemoryCategoryGateway(
    [aCategory({ id: 1, name: "Electronics" })],
    [phones, laptops],
  );
  renderWithServices(<SubCategoryPage />, testServices({ categories, finder }), {
    path: "/products/sub-category/:name",
    at: "/products/sub-category/Laptops",
  });
}

/** Lets the in-memory services answer (their promises settle on the microtask queue). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("sub-category page", () => {
  it("keeps the spinner for 3 s after load before saying 'No products'", async () => {
    open(new InMemoryProductFinder(someProducts(3, { subCategoryId: 7 })));
    await settle();
    expect(screen.getByRole("heading", { level: 1, name: "Laptops" })).toBeTruthy();
    expect(screen.getByRole("status")).toBeTruthy();
    expect(screen.queryByText("No products")).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(PRODUCT_LIST_SPINNER_MS - 10));
    expect(screen.queryByText("No products")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("No products")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows products as soon as they arrive, with the sibling row", async () => {
    const products = someProducts(2, { subCategoryId: 8 }).map((p, i) => ({ ...p, name: `Laptop ${i + 1}` }));
    open(new InMemoryProductFinder(products));
    // The sub category first, then its products.
    // The sub category first, then its products: a few turns, well within the 3 s.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getAllByRole("article")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Laptop 1" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Phones" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
