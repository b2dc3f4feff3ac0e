// @vitest-environment happy-dom
import { moderationMessages, reportingMessages } from "@katale/domain";
import { InMemoryModerationGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import { ReportButton } from "./report-button.js";

afterEach(cleanup);

function setUp(token: string | null) {
  const gateway = new InMemoryModerationGateway();
  gateway.users.push({ token: "t-shopper", id: 1, name: "Shopper", isAdmin: false });
  gateway.targets.set("product:10", { title: "Fake watch", owners: [2] });
  const services = testServices({ moderation: async () => ({ reports: gateway, moderation: gateway }) });
  if (token) services.local.set("token", token);
  renderWithServices(<ReportButton target="product" targetId={10} />, services);
  return gateway;
}

describe("the Report entry", () => {
  it("sends the chosen reason and thanks the reporter; a second report is refused in words", async () => {
    setUp("t-shopper");
    fireEvent.click(screen.getByRole("button", { name: reportingMessages.report }));
    const dialog = await screen.findByRole("dialog", { name: "Report this product" });
    expect(dialog).toBeTruthy();
    const send = screen.getByRole("button", { name: reportingMessages.send }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: reportingMessages.reasons.counterfeit }));
    fireEvent.click(send);
    expect(await screen.findByText(moderationMessages.reported)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: reportingMessages.done }));

    fireEvent.click(screen.getByRole("button", { name: reportingMessages.report }));
    fireEvent.click(await screen.findByRole("radio", { name: reportingMessages.reasons.spam }));
    fireEvent.click(screen.getByRole("button", { name: reportingMessages.send }));
    expect((await screen.findByRole("alert")).textContent).toBe(moderationMessages.alreadyReported);
  });

  it("asks for details when the reason is 'other'", async () => {
    setUp("t-shopper");
    fireEvent.click(screen.getByRole("button", { name: reportingMessages.report }));
    fireEvent.click(await screen.findByRole("radio", { name: reportingMessages.reasons.other }));
    fireEvent.click(screen.getByRole("button", { name: reportingMessages.send }));
    expect((await screen.findByRole("alert")).textContent).toBe(moderationMessages.detailsRequired);
  });

  it("asks a visitor to log in first", async () => {
    setUp(null);
    fireEvent.click(screen.getByRole("button", { name: reportingMessages.report }));
    expect(await screen.findByText("You need to login first")).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Report this product" })).toBeNull();
  });
});
