// @vitest-environment happy-dom
import { moderationMessages, reportingMessages, sendReport } from "@katale/domain";
import { InMemoryModerationGateway, InMemoryStorage } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { adminSetup } from "../admin/admin-test-setup.js";
import { renderWithServices } from "../testing/test-services.js";
import ModerationPage from "./moderation-page.js";

afterEach(cleanup);

const text = reportingMessages;

async function setUp() {
  const setup = await adminSetup();
  const gateway = new InMemoryModerationGateway();
  gateway.users.push(
    { token: "t-shopper", id: 1, name: "Shopper Amos", isAdmin: false },
    { token: setup.services.local.get("token") ?? "", id: 3, name: "Sarah", isAdmin: true },
  );
  gateway.targets.set("product:10", { title: "Fake Rolex watch", owners: [2] });
  const shopper = new InMemoryStorage();
  shopper.set("token", "t-shopper");
  await sendReport(
    { reports: gateway, storage: shopper },
    { target: "product", targetId: 10, reason: "counterfeit", details: "Sold as original" },
  );
  const services = { ...setup.services, moderation: async () => ({ reports: gateway, moderation: gateway }) };
  renderWithServices(<ModerationPage />, services, { path: "/account/moderation" });
  return gateway;
}

describe("the moderation page", () => {
  it("shows an open report and hides its target with a note; then restores it from Resolved", async () => {
    const gateway = await setUp();
    const card = await screen.findByRole("article", { name: "Fake Rolex watch" });
    expect(within(card).getByText(text.reasons.counterfeit)).toBeTruthy();
    expect(within(card).getByText("Sold as original")).toBeTruthy();
    expect(within(card).getByText(/Reported by Shopper Amos/)).toBeTruthy();
    // A product cannot be suspended.
    expect(within(card).queryByRole("button", { name: text.actions.suspend })).toBeNull();
    fireEvent.change(within(card).getByLabelText(text.note), { target: { value: "Counterfeit goods" } });
    fireEvent.click(within(card).getByRole("button", { name: text.actions.hide }));
    expect(await screen.findByText(text.noOpenReports)).toBeTruthy();
    expect(gateway.holds.get("product:10")).toBe("hide");

    fireEvent.click(screen.getByRole("tab", { name: text.tabResolved }));
    const resolved = await screen.findByRole("article", { name: "Fake Rolex watch" });
    expect(within(resolved).getByText("Resolved: Hide. Note: Counterfeit goods")).toBeTruthy();
    fireEvent.click(within(resolved).getByRole("button", { name: text.restore }));
    expect(await screen.findByText(moderationMessages.restored)).toBeTruthy();
    expect(gateway.holds.has("product:10")).toBe(false);
  });
});
