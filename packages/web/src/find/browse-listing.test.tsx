// @vitest-environment happy-dom
import { type Product, parseBrowseQuery } from "@katale/domain";
import { aCategory, aProduct, InMemoryCategoryGateway, InMemoryProductFinder } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import CategoryPage from "../catalogue/category-page.js";
import { renderWithServices, setScreenWidth, signIn, testServices } from "../testing/test-services.js";

// The filter panel of a listing: choosing narrows the products and shows a chip, the counts follow
// the other choices, nothing matching says what to loosen, and saving needs a login.

afterEach(cleanup);

const fabric = (valueId: number, valueName: string) => ({
  filterId: 3,
  filterName: "Fabric",
  valueId,
  valueName,
});
const products: Product[] = [
  aProduct({ id: 1, name: "Kitenge dress", categoryId: 1, price: 60_000, filters: [fabric(9, "Kitenge")] }),
  aProduct({ id: 2, name: "Ankara shirt", categoryId: 1, price: 45_000, filters: [fabric(10, "Ankara")] }),
  aProduct({ id: 3, name: "Kitenge skirt", categoryId: 1, price: 30_000, filters: [fabric(9, "Kitenge")] }),
];

function open(width: number) {
  setScreenWidth(width);
  const finder = new InMemoryProductFinder(products);
  const services = testServices({
    categories: new InMemoryCategoryGateway([aCategory({ id: 1, name: "Fashion" })], []),
    finder,
  });
  renderWithServices(<CategoryPage />, services, {
    path: "/products/category/*",
    at: "/products/category/Fashion",
  });
  return { finder, services };
}

const names = () => screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent);

describe("the filter panel", () => {
  it("narrows by a value at 1280 px, keeps the other value's count and clears by its chip", async () => {
    const { finder } = open(1280);
    await waitFor(() => expect(names()).toHaveLength(3));
    const panel = screen.getByRole("complementary", { name: "Filters" });
    fireEvent.click(within(panel).getByRole("checkbox", { name: /^Kitenge/ }));
    await waitFor(() => expect(names()).toEqual(["Kitenge dress", "Kitenge skirt"]));
    expect(finder.asked.at(-1)).toMatchObject({ categoryId: 1, valueIds: [9] });
    // Ankara still counts 1: a filter's own choice does not hide its other values.
    expect(
      within(panel)
        .getByRole("checkbox", { name: /^Ankara/ })
        .closest("label")?.textContent,
    ).toContain("1");
    const chips = screen.getByRole("list", { name: "Chosen filters" });
    fireEvent.click(within(chips).getByRole("button", { name: "Remove Fabric: Kitenge" }));
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it("says what to loosen when nothing matches", async () => {
    open(1280);
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole("checkbox", { name: /^Ankara/ }));
    fireEvent.change(screen.getByLabelText("Lowest price"), { target: { value: "50,000" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply price" }));
    expect(await screen.findByText("No products match all of these choices.")).toBeTruthy();
    const loosen = screen.getByText("No products match all of these choices.").closest("div") as HTMLElement;
    fireEvent.click(within(loosen).getByRole("button", { name: "Remove From UGX 50,000" }));
    await waitFor(() => expect(names()).toEqual(["Ankara shirt"]));
  });

  it("opens the filters as a sheet behind 'Filter' at 360 px, and sorts", async () => {
    const { finder } = open(360);
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.queryByRole("complementary", { name: "Filters" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    fireEvent.click(within(sheet).getByRole("checkbox", { name: /^Kitenge/ }));
    await waitFor(() => expect(within(sheet).getByRole("button", { name: "Show 2 products" })).toBeTruthy());
    fireEvent.click(within(sheet).getByRole("button", { name: "Show 2 products" }));
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "price_asc" } });
    await waitFor(() => expect(names()).toEqual(["Kitenge skirt", "Kitenge dress"]));
    expect(finder.asked.at(-1)).toMatchObject({ valueIds: [9], sort: "price_asc" });
  });

  it("asks a visitor to log in to save, and saves the search for a user", async () => {
    open(1280);
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole("button", { name: "Save this search" }));
    expect((await screen.findByRole("dialog")).textContent).toContain("You need to login first");
    cleanup();

    const again = open(1280);
    signIn(again.services, { id: 4, token: "tok-4", name: "amina@example.ug" });
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.click(screen.getByRole("checkbox", { name: /^Kitenge/ }));
    await waitFor(() => expect(names()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Save this search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    expect((within(dialog).getByLabelText("Name of the search") as HTMLInputElement).value).toBe("Fashion");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const saved = await again.finder.listSavedSearches("tok-4");
    expect(saved.ok && saved.value.map((s) => parseBrowseQuery(s.query))).toEqual([
      { categoryId: 1, valueIds: [9] },
    ]);
  });
});
