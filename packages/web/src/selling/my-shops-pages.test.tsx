// @vitest-environment happy-dom
import { messages, webAccountMessages } from "@katale/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppRoutes } from "../app/router.js";
import type { Services } from "../app/services.js";
import { ServicesProvider } from "../app/services-context.js";
import AllShopsPage from "../shops/all-shops-page.js";
import { findAlert, renderWithServices } from "../testing/test-services.js";
import MyShopsSelectPage from "./my-shops-select-page.js";
import { okello, shopSetup } from "./shop-test-setup.js";

afterEach(cleanup);

describe("/shops/all-shops, My shops", () => {
  it("lists the user's own shops, each opening its admin page", async () => {
    renderWithServices(<AllShopsPage />, shopSetup().services, { path: "/shops/all-shops" });
    expect(screen.getByRole("link", { name: "Create/Add Shop" }).getAttribute("href")).toBe(
      "/account/createshop",
    );
    fireEvent.click(screen.getByRole("tab", { name: "My shops" }));
    const panel = screen.getByRole("tabpanel", { name: "My shops" });
    const tile = await within(panel).findByRole("link", { name: /Gulu Boda Spares/ });
    expect(tile.getAttribute("href")).toBe("/account/admin-shop/Gulu%20Boda%20Spares");
    expect(within(panel).queryByText("Mukono Sports Arena")).toBeNull();
  });

  it("opens on My shops with ?tab=mine; none yet offers to create one", async () => {
    const setup = shopSetup({ who: okello, shops: [] });
    renderWithServices(<AllShopsPage />, setup.services, {
      path: "/shops/all-shops",
      at: "/shops/all-shops?tab=mine",
    });
    expect(await screen.findByText(messages.shops.noShopsYet)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create shop" }).getAttribute("href")).toBe(
      "/account/createshop",
    );
  });

  it("asks a visitor to log in first", () => {
    renderWithServices(<AllShopsPage />, shopSetup({ who: null }).services, {
      path: "/shops/all-shops",
      at: "/shops/all-shops?tab=mine",
    });
    expect(screen.getByText(messages.common.loginToViewProducts)).toBeTruthy();
  });
});

describe("/shops/select-shop", () => {
  it("links each of the user's shops to adding an item to it", async () => {
    renderWithServices(<MyShopsSelectPage />, shopSetup().services, { path: "/shops/select-shop" });
    const tile = await screen.findByRole("link", { name: "Add an item to Gulu Boda Spares" });
    expect(tile.getAttribute("href")).toBe("/account/add-product?shop=31");
    expect(screen.queryByText("Mukono Sports Arena")).toBeNull();
  });

  it("tells a failed load and tries again", async () => {
    const setup = shopSetup();
    setup.seller.failures.set("listMyShops", { kind: "network" });
    renderWithServices(<MyShopsSelectPage />, setup.services, { path: "/shops/select-shop" });
    await findAlert(messages.common.checkConnection);
    setup.seller.failures.clear("listMyShops");
    fireEvent.click(screen.getByRole("button", { name: messages.web.retry }));
    expect(await screen.findByRole("link", { name: "Add an item to Gulu Boda Spares" })).toBeTruthy();
  });

  it("asks a visitor to log in", () => {
    renderWithServices(<MyShopsSelectPage />, shopSetup({ who: null }).services, {
      path: "/shops/select-shop",
    });
    expect(screen.getByText(messages.common.loginToViewProducts)).toBeTruthy();
    expect(screen.getByRole("link", { name: messages.header.logIn }).getAttribute("href")).toBe("/login");
  });
});

function renderApp(services: Services, at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </ServicesProvider>,
  );
}

describe("the account's routes", () => {
  it("show the not-found page for an unknown /account path, not the dashboard", async () => {
    renderApp(shopSetup().services, "/account/nonsense");
    expect(
      await screen.findByRole("img", { name: messages.web.notFoundAlt }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("heading", { name: webAccountMessages.myAccount })).toBeNull();
  });

  it("open the shop owner's pages", async () => {
    renderApp(shopSetup().services, "/account/create-shop");
    expect(
      await screen.findByRole("heading", { name: "You don't have a shop" }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
