// @vitest-environment happy-dom
import { messages, uploadMessages } from "@katale/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { findAlert, renderWithServices } from "../testing/test-services.js";
import ShopDetailsPage from "./shop-details-page.js";
import { aPng, shopSetup } from "./shop-test-setup.js";

afterEach(cleanup);

function openDetails(at: string, setup = shopSetup()) {
  renderWithServices(<ShopDetailsPage />, setup.services, { path: "/account/shop-details", at });
  return setup;
}

function pick(label: string, file: File) {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
}

describe("/account/shop-details", () => {
  it("shows the shop's details to change; Skip opens its admin page", async () => {
    openDetails("/account/shop-details?shop=31");
    expect(await screen.findByRole("heading", { name: "Gulu Boda Spares" })).toBeTruthy();
    expect((screen.getByLabelText("Bio") as HTMLTextAreaElement).value).toBe("Spares for every boda");
    expect(screen.getByRole("link", { name: "Skip" }).getAttribute("href")).toBe(
      "/account/admin-shop/Gulu%20Boda%20Spares",
    );
  });

  it("saves email, phone and a display image on Finish, then opens My shops", async () => {
    const { seller } = openDetails("/account/shop-details?shop=31");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "spares@gulu.ug" } });
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "0772123456" } });
    pick("Display image", aPng());
    expect(await screen.findByRole("img", { name: "Display image" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    const where = await screen.findByTestId("location");
    expect(where.dataset.path).toBe("/shops/all-shops?tab=mine");
    const saved = seller.shops.find((s) => s.id === 31);
    expect(saved).toMatchObject({ email: "spares@gulu.ug", phone: "0772123456" });
    expect(saved?.displayImage).toMatch(/^\/media\/shops\//);
  });

  it("shows the pictures' upload progress with Cancel; Cancel saves nothing and says so", async () => {
    const { seller } = openDetails("/account/shop-details?shop=31");
    await screen.findByRole("heading", { name: "Gulu Boda Spares" });
    pick("Display image", aPng());
    expect(await screen.findByRole("img", { name: "Display image" })).toBeTruthy();
    let abort = () => {};
    seller.updateShop = () =>
      new Promise((resolve) => {
        // What the HTTP client answers once Cancel aborts the request on the way.
        abort = () => resolve({ ok: false, error: { kind: "network" } });
      });
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    const bar = await screen.findByRole("progressbar", { name: uploadMessages.uploadProgress });
    expect(bar.getAttribute("aria-valuetext")).toBe(uploadMessages.uploading);
    fireEvent.click(screen.getByRole("button", { name: uploadMessages.cancelUpload }));
    abort();
    await findAlert(uploadMessages.uploadCancelled);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(seller.shops.find((s) => s.id === 31)?.displayImage).toBeNull();
    // The picked picture stays, to send again.
    expect(screen.getByRole("img", { name: "Display image" })).toBeTruthy();
  });

  it("shows the images the shop has now until new ones are picked", async () => {
    const setup = shopSetup();
    setup.seller.shops = setup.seller.shops.map((s) =>
      s.id === 31 ? { ...s, displayImage: "/media/shops/logo.webp" } : s,
    );
    openDetails("/account/shop-details?shop=31", setup);
    expect(await screen.findByRole("img", { name: "Display image now" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Cover photo now" })).toBeNull();
    pick("Display image", aPng());
    await screen.findByRole("img", { name: "Display image" });
    expect(screen.queryByRole("img", { name: "Display image now" })).toBeNull();
  });

  it("opens the shop just created when none is named", async () => {
    const setup = shopSetup();
    setup.services.local.set("shop", 31);
    openDetails("/account/shop-details", setup);
    expect(await screen.findByRole("heading", { name: "Gulu Boda Spares" })).toBeTruthy();
  });

  it("says what is wrong and sends nothing", async () => {
    const { seller } = openDetails("/account/shop-details?shop=31");
    fireEvent.change(await screen.findByLabelText("Phone"), { target: { value: "07721234567" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByText(messages.auth.emailInvalid)).toBeTruthy();
    expect(screen.getByText("A phone number has at most 10 characters")).toBeTruthy();
    expect(seller.calls).toEqual([]);
  });

  it("refuses someone else's shop, and shows the not-found page for an unknown one", async () => {
    openDetails("/account/shop-details?shop=32");
    await findAlert(messages.selling.notOwner);
    cleanup();
    openDetails("/account/shop-details?shop=999");
    expect(await screen.findByRole("img", { name: messages.web.notFoundAlt })).toBeTruthy();
  });

  it("tells a failed save and keeps the form", async () => {
    const setup = shopSetup();
    setup.seller.failures.set("updateShop", { kind: "network" });
    openDetails("/account/shop-details?shop=31", setup);
    fireEvent.change(await screen.findByLabelText("Bio"), { target: { value: "New bio" } });
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(messages.selling.shopDetailsNotSaved),
    );
    expect((screen.getByLabelText("Bio") as HTMLTextAreaElement).value).toBe("New bio");
  });
});
