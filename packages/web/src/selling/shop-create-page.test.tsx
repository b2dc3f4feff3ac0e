// @vitest-environment happy-dom
import { messages } from "@katale/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices } from "../testing/test-services.js";
import ShopCreatePage from "./shop-create-page.js";
import ShopCreatePromptPage from "./shop-create-prompt-page.js";
import { shopSetup } from "./shop-test-setup.js";

afterEach(cleanup);

function openCreate(setup = shopSetup()) {
  renderWithServices(<ShopCreatePage />, setup.services, { path: "/account/createshop" });
  return setup;
}

/** Types into the location field and picks the suggestion that contains `place`. */
async function chooseLocation(label: string, typed: string, place: RegExp) {
  fireEvent.change(screen.getByRole("combobox", { name: label }), { target: { value: typed } });
  const option = await screen.findByRole("option", { name: place });
  fireEvent.mouseDown(option);
}

describe("/account/create-shop", () => {
  it("says the user has no shop and offers to create one", () => {
    renderWithServices(<ShopCreatePromptPage />, shopSetup().services, { path: "/account/create-shop" });
    expect(screen.getByRole("heading", { name: "You don't have a shop" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create shop" }).getAttribute("href")).toBe(
      "/account/createshop",
    );
  });
});

describe("/account/createshop", () => {
  it("creates a shop with a name, a category and a place, then asks for its details", async () => {
    const { seller } = openCreate();
    fireEvent.change(screen.getByLabelText("Shop name"), { target: { value: "Kabalagala Kicks" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Fashion" }));
    await chooseLocation("Location", "Kamp", /Kampala/);
    fireEvent.click(screen.getByRole("button", { name: "Create shop" }));
    const where = await screen.findByTestId("location");
    const created = seller.shops.find((s) => s.name === "Kabalagala Kicks");
    expect(created).toMatchObject({ owner: 7, categories: [2], locationLatitude: 0.3476 });
    expect(where.dataset.path).toBe(`/account/shop-details?shop=${created?.id}`);
  });

  it("says what is missing and sends nothing", async () => {
    const { seller } = openCreate();
    fireEvent.click(screen.getByRole("button", { name: "Create shop" }));
    expect(await screen.findByText(messages.selling.shopNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.selling.shopCategoriesRequired)).toBeTruthy();
    expect(screen.getByText(messages.selling.shopLocationRequired)).toBeTruthy();
    expect(screen.getByLabelText("Shop name").getAttribute("aria-invalid")).toBe("true");
    expect(seller.calls).toEqual([]);
  });

  it("takes at most 3 categories", async () => {
    openCreate();
    for (const name of ["Electronics", "Fashion", "Food"])
      fireEvent.click(await screen.findByRole("checkbox", { name }));
    expect((screen.getByRole("checkbox", { name: "Home" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("0 more can be chosen")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Food" }));
    expect((screen.getByRole("checkbox", { name: "Home" }) as HTMLInputElement).disabled).toBe(false);
  });

  it("refuses a name already taken, case aside, with the service's words", async () => {
    openCreate();
    fireEvent.change(screen.getByLabelText("Shop name"), { target: { value: "gulu BODA spares" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Electronics" }));
    await chooseLocation("Location", "Gulu", /Gulu/);
    fireEvent.click(screen.getByRole("button", { name: "Create shop" }));
    await waitFor(() => expect(alertTexts()).toContain(messages.selling.shopNameTaken));
  });

  it("says the shop was not created when the service cannot be reached, and keeps the form", async () => {
    const setup = shopSetup();
    setup.seller.failures.set("createShop", { kind: "network" });
    openCreate(setup);
    fireEvent.change(screen.getByLabelText("Shop name"), { target: { value: "Kabalagala Kicks" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Fashion" }));
    await chooseLocation("Location", "Entebbe", /Entebbe/);
    fireEvent.click(screen.getByRole("button", { name: "Create shop" }));
    await waitFor(() => expect(alertTexts()).toContain(messages.selling.shopNotCreated));
    expect((screen.getByLabelText("Shop name") as HTMLInputElement).value).toBe("Kabalagala Kicks");
  });

  it("tells when the categories cannot load, and loads them again on Try again", async () => {
    const setup = shopSetup();
    setup.catalogue.failures.set("listCategories", { kind: "network" });
    openCreate(setup);
    expect(await screen.findByRole("button", { name: messages.web.retry })).toBeTruthy();
    setup.catalogue.failures.clear("listCategories");
    fireEvent.click(screen.getByRole("button", { name: messages.web.retry }));
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Food" })).toBeTruthy());
  });
});

/** What the page's alerts say (an alert may be on the page, still empty, before its words arrive). */
function alertTexts(): string {
  return screen
    .queryAllByRole("alert")
    .map((alert) => alert.textContent)
    .join("\n");
}
