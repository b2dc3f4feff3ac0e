// @vitest-environment happy-dom
import { messages, shopOwnerMessages } from "@katale/domain";
import { aProduct } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import ShopPage from "../shops/shop-page.js";
import { findAlert, renderWithServices } from "../testing/test-services.js";
import ShopAdminPage from "./shop-admin-page.js";
import { okello, shopSetup } from "./shop-test-setup.js";

afterEach(cleanup);

const spares = { shopId: 31, shopName: "Gulu Boda Spares" };
const chain = aProduct({ id: 101, name: "Boda chain", inStock: 5, categoryId: 1, ...spares });
const mirror = aProduct({ id: 102, name: "Side mirror", inStock: 0, categoryId: 1, ...spares });
const repair = aProduct({ id: 103, name: "Engine repair", inStock: 1, categoryId: 5, ...spares });

function openAdmin(at = "/account/admin-shop/Gulu%20Boda%20Spares", setup = shopSetup()) {
  renderWithServices(<ShopAdminPage />, setup.services, { path: "/account/admin-shop/:shop", at });
  return setup;
}

const panel = () => screen.getByRole("tabpanel");

describe("/account/admin-shop/{shop}", () => {
  it("shows the shop's header, its actions and the side menu", async () => {
    openAdmin();
    expect(await screen.findByRole("heading", { level: 1, name: "Gulu Boda Spares" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Cover photo of Gulu Boda Spares" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Profile picture of Gulu Boda Spares" })).toBeTruthy();
    expect(screen.getByText("Not rated yet")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "0 Followers" })).toBeTruthy();
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("Edit details")).toBe("/account/shop-details?shop=31");
    expect(href("Add item")).toBe("/account/add-product?shop=31");
    expect(href("Add service banner")).toBe("/account/add-service-banner?shop=31");
    const menu = screen.getByRole("navigation", { name: "Shop menu" });
    const menuHref = (name: string) => within(menu).getByRole("link", { name }).getAttribute("href");
    expect(menuHref("Promote Shop")).toBe("/account/request-view");
    expect(menuHref("Verify Shop")).toBe("/account/shop-verification?shop=31");
    expect(menuHref("More shops")).toBe("/shops/all-shops?tab=mine");
    expect(menuHref("Create shop")).toBe("/account/createshop");
  });

  it("shows each tab's empty state", async () => {
    openAdmin();
    expect(await within(await screen.findByRole("tabpanel")).findByText("no products")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Services" }));
    expect(await within(panel()).findByText("no service")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Out stock" }));
    expect(await within(panel()).findByText("No product is out of stock")).toBeTruthy();
  });

  it("lists products, services and the out-of-stock ones under their tabs, each with Edit", async () => {
    openAdmin(undefined, shopSetup({ products: [chain, mirror, repair] }));
    const product = await screen.findByRole("link", { name: "Edit Boda chain" });
    expect(product.getAttribute("href")).toBe("/account/edit-product/101");
    expect(within(panel()).queryByText("Engine repair")).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Services" }));
    expect(await screen.findByRole("link", { name: "Edit Engine repair" })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Out stock" }));
    expect(await screen.findByRole("link", { name: "Edit Side mirror" })).toBeTruthy();
    expect(within(panel()).getByText("In stock: 0")).toBeTruthy();
  });

  it("moves between tabs with the arrow keys", async () => {
    openAdmin();
    const first = await screen.findByRole("tab", { name: "Product" });
    expect(first.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(first, { key: "ArrowLeft" });
    const out = screen.getByRole("tab", { name: "Out stock" });
    expect(out.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(out);
  });

  it("searches within the shop", async () => {
    openAdmin(
      undefined,
      shopSetup({ products: [chain, aProduct({ id: 104, name: "Brake pads", ...spares })] }),
    );
    await screen.findByText("Brake pads");
    fireEvent.change(screen.getByRole("searchbox", { name: messages.web.searchInShop }), {
      target: { value: "chain" },
    });
    expect(screen.queryByText("Brake pads")).toBeNull();
    expect(screen.getByText("Boda chain")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "tyre" } });
    expect(screen.getByText(shopOwnerMessages.nothingMatches)).toBeTruthy();
  });

  it("opens by id too, and the newest shop when none is named", async () => {
    openAdmin("/account/admin-shop/31");
    expect(await screen.findByRole("heading", { level: 1, name: "Gulu Boda Spares" })).toBeTruthy();
    cleanup();
    const setup = shopSetup();
    renderWithServices(<ShopAdminPage />, setup.services, { path: "/account/admin-shop" });
    expect(await screen.findByRole("heading", { level: 1, name: "Gulu Boda Spares" })).toBeTruthy();
  });

  it("sends a user without shops to 'You don't have a shop'", async () => {
    const setup = shopSetup({ who: okello, shops: [] });
    renderWithServices(<ShopAdminPage />, setup.services, { path: "/account/admin-shop" });
    expect((await screen.findByTestId("location")).dataset.path).toBe("/account/create-shop");
  });

  it("refuses someone else's shop, shows not found for an unknown one", async () => {
    openAdmin("/account/admin-shop/Mukono%20Sports%20Arena");
    await findAlert(messages.selling.notOwner);
    cleanup();
    openAdmin("/account/admin-shop/Nowhere");
    expect(await screen.findByRole("img", { name: messages.web.notFoundAlt })).toBeTruthy();
  });

  it("tells a failed load of the products, and loads them again on Try again", async () => {
    const setup = shopSetup({ products: [chain] });
    setup.reads.products.failures.set("listShopProducts", { kind: "network" });
    openAdmin(undefined, setup);
    fireEvent.click(await screen.findByRole("button", { name: messages.web.retry }));
    setup.reads.products.failures.clear("listShopProducts");
    fireEvent.click(await screen.findByRole("button", { name: messages.web.retry }));
    expect(await screen.findByText("Boda chain")).toBeTruthy();
  });
});

describe("the owner's own shop page", () => {
  async function openShopPage(setup: ReturnType<typeof shopSetup>, userId: number | null) {
    if (userId === null) setup.services.local.remove("userdid");
    const token = await setup.services.shopIds.encrypt(31);
    renderWithServices(<ShopPage />, setup.services, {
      path: "/shops/shop/:token",
      at: `/shops/shop/${token}`,
    });
  }

  it("is the admin page, without Chat and Follow", async () => {
    await openShopPage(shopSetup({ products: [chain] }), 7);
    expect(await screen.findByRole("navigation", { name: "Shop menu" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit details" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Chat" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^(Follow|Unfollow)/ })).toBeNull();
  });

  it("stays the customer's page for anyone else", async () => {
    await openShopPage(shopSetup({ who: okello, products: [chain] }), 8);
    expect(await screen.findByRole("button", { name: "Chat" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Shop menu" })).toBeNull();
  });
});
