// @vitest-environment happy-dom
import {
  aCategory,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemoryProductFinder,
} from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices, signIn, testServices } from "../testing/test-services.js";
import SavedSearchesPage from "./saved-searches-page.js";

afterEach(cleanup);

describe("/account/saved-searches", () => {
  it("lists the user's searches, opens each on its page and deletes one", async () => {
    const finder = new InMemoryProductFinder([]);
    await finder.saveSearch("tok", "Cheap TVs", "subcategory=7&value=9&price_max=500000&sort=price_asc");
    await finder.saveSearch("tok", "Fashion", "category=1&verified=1");
    await finder.saveSearch("tok", "Rice", "q=rice");
    const services = testServices({
      finder,
      categories: new InMemoryCategoryGateway(
        [aCategory({ id: 1, name: "Fashion" })],
        [aSubCategory({ id: 7, name: "Televisions", categoryId: 2 })],
      ),
    });
    signIn(services, { id: 1, token: "tok", name: "amina@example.ug" });
    renderWithServices(<SavedSearchesPage />, services, { path: "/account/saved-searches" });
    const list = await screen.findByRole("list", { name: "Saved searches" });
    const href = (name: string) =>
      within(list)
        .getByRole("link", { name: `Open ${name}` })
        .getAttribute("href");
    await screen.findByRole("link", { name: "Open Cheap TVs" });
    expect(href("Cheap TVs")).toBe(
      "/products/sub-category/Televisions?value=9&price_max=500000&sort=price_asc",
    );
    expect(href("Fashion")).toBe("/products/category/Fashion?verified=1");
    expect(href("Rice")).toBe("/products/search/rice");

    fireEvent.click(within(list).getByRole("button", { name: "Delete Fashion" }));
    await screen.findByText("Search deleted");
    expect(within(screen.getByRole("list", { name: "Saved searches" })).queryByText("Fashion")).toBeNull();
  });

  it("says when there are none", async () => {
    const services = testServices();
    signIn(services, { id: 1, token: "tok", name: "amina@example.ug" });
    renderWithServices(<SavedSearchesPage />, services, { path: "/account/saved-searches" });
    expect(await screen.findByText(/You have no saved searches yet/)).toBeTruthy();
  });
});
