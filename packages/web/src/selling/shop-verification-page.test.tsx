// @vitest-environment happy-dom
import { messages, sellerServerMessages } from "@katale/domain";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { findAlert, renderWithServices } from "../testing/test-services.js";
import { aPng, shopSetup } from "./shop-test-setup.js";
import ShopVerificationPage from "./shop-verification-page.js";

afterEach(cleanup);

function openVerification(at = "/account/shop-verification?shop=31", setup = shopSetup()) {
  renderWithServices(<ShopVerificationPage />, setup.services, { path: "/account/shop-verification", at });
  return setup;
}

async function fillAndSend() {
  fireEvent.change(await screen.findByRole("combobox", { name: "Business Location" }), {
    target: { value: "Gulu" },
  });
  fireEvent.mouseDown(await screen.findByRole("option", { name: /Gulu/ }));
  fireEvent.change(screen.getByLabelText("Shop photo"), { target: { files: [aPng()] } });
  await screen.findByRole("img", { name: "Shop photo" });
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
}

describe("/account/shop-verification", () => {
  it("explains why, and sends the shop's request with the user's email", async () => {
    const { seller } = openVerification();
    expect(await screen.findByText(/Credibility/)).toBeTruthy();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("amina@example.ug");
    await fillAndSend();
    await waitFor(() => expect(screen.getByText(messages.verification.sent)).toBeTruthy());
    expect(seller.verificationRequests.get(31)).toMatchObject({
      contact: "amina@example.ug",
      shop: 31,
      locationLatitude: 2.7724,
    });
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 'Shop already has a verification request' for a second one", async () => {
    const setup = shopSetup();
    openVerification(undefined, setup);
    await fillAndSend();
    await waitFor(() => expect(screen.getByText(messages.verification.sent)).toBeTruthy());
    cleanup();
    openVerification(undefined, setup);
    expect(await screen.findByText(messages.verification.shopRequestExists)).toBeTruthy();
    await fillAndSend();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(messages.verification.shopRequestExists),
    );
  });

  it("asks for the photo and the location before sending", async () => {
    const { seller } = openVerification();
    fireEvent.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText(sellerServerMessages.shopImageRequired)).toBeTruthy();
    expect(screen.getByText(messages.selling.shopLocationRequired)).toBeTruthy();
    expect(seller.verificationRequests.size).toBe(0);
  });

  it("refuses someone else's shop", async () => {
    openVerification("/account/shop-verification?shop=32");
    await findAlert(messages.selling.notOwner);
  });
});
