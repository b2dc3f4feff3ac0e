// @vitest-environment happy-dom
import { adminServerMessages, messages, webAdminMessages } from "@katale/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { findAlert, renderWithServices } from "../testing/test-services.js";
import { type AdminSetup, adminSetup, aReview } from "./admin-test-setup.js";
import RequestDetailsPage from "./request-details-page.js";
import RequestViewPage from "./request-view-page.js";

afterEach(cleanup);

const text = webAdminMessages;

function openList(setup: AdminSetup, at = "/account/request-view") {
  renderWithServices(<RequestViewPage />, setup.services, { path: "/account/request-view", at });
}

function openDetails(setup: AdminSetup, id: number) {
  renderWithServices(<RequestDetailsPage />, setup.services, {
    path: "/account/request-details/:id",
    at: `/account/request-details/${id}`,
  });
}

const requests = [
  aReview({ id: 1 }),
  aReview({
    id: 2,
    kind: "shop",
    status: "VERIFIED",
    user: { id: 22, name: "Okello John", email: "okello@example.ug", phone: "0772000222" },
    shop: { id: 31, name: "Gulu Boda Spares" },
    email: "okello@example.ug",
    nin: null,
  }),
  aReview({
    id: 3,
    status: "REJECTED",
    reason: "The ID photo is blurred",
    user: { id: 23, name: "Auma Stella", email: "auma@example.ug", phone: "0772000333" },
    email: "auma@example.ug",
  }),
];

describe("/account/request-view", () => {
  it("is not allowed to a user who is not an admin", async () => {
    const setup = await adminSetup({ isAdmin: false, requests });
    openList(setup);
    expect(await screen.findByText(text.notAllowed)).toBeTruthy();
  });

  it("lists users' and shops' requests with badges; the chips and the search narrow it", async () => {
    const setup = await adminSetup({ requests });
    openList(setup);
    const list = await screen.findByRole("list");
    expect(within(list).getAllByRole("link")).toHaveLength(3);
    expect(within(list).getByText("Gulu Boda Spares")).toBeTruthy();
    expect(within(list).getByText(text.kindShop)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text.chipPending }));
    await waitFor(() => expect(within(screen.getByRole("list")).getAllByRole("link")).toHaveLength(1));
    expect(screen.getByRole("button", { name: text.chipPending }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: text.chipAll }));
    fireEvent.change(screen.getByLabelText(text.search), { target: { value: "auma" } });
    await waitFor(() => expect(within(screen.getByRole("list")).getAllByRole("link")).toHaveLength(1));
    expect(screen.getByText("Auma Stella")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text.chipApproved }));
    expect(await screen.findByText(text.noRequests)).toBeTruthy();
  });

  it("pages 20 requests at a time", async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      aReview({
        id: i + 1,
        user: { id: 100 + i, name: `Applicant ${i + 1}`, email: `a${i}@x.ug`, phone: "0772" },
      }),
    );
    const setup = await adminSetup({ requests: many });
    openList(setup);
    expect(await screen.findByText("Applicant 25")).toBeTruthy();
    expect(screen.getByText(messages.web.page(1, 2))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: messages.web.next }));
    expect(await screen.findByText("Applicant 1")).toBeTruthy();
    expect(screen.queryByText("Applicant 25")).toBeNull();
  });

  it("shows the empty line, and a failure with a retry", async () => {
    const setup = await adminSetup();
    openList(setup);
    expect(await screen.findByText(text.noRequests)).toBeTruthy();
    cleanup();
    setup.admin.failures.set("listRequests", { kind: "network" });
    openList(setup);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(messages.common.checkConnection);
    setup.admin.failures.clear("listRequests");
    fireEvent.click(within(alert).getByRole("button", { name: messages.web.retry }));
    expect(await screen.findByText(text.noRequests)).toBeTruthy();
  });
});

describe("/account/request-details/:id", () => {
  it("shows the applicant's data and approves a pending request", async () => {
    const setup = await adminSetup({ requests });
    openDetails(setup, 1);
    expect(await screen.findByRole("heading", { name: "Nakato Grace" })).toBeTruthy();
    expect(screen.getByText("CM90012345ABCD")).toBeTruthy();
    expect(screen.getByText(text.noDocuments)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text.approve }));
    expect(await screen.findByText(adminServerMessages.approved)).toBeTruthy();
    expect(screen.getByText(text.statusVerified)).toBeTruthy();
    expect(screen.getByRole("button", { name: text.removeVerification })).toBeTruthy();
    expect(setup.admin.calls).toContainEqual({ method: "approve", id: 1 });
  });

  it("rejects with a 'Reason for Rejection', which is required", async () => {
    const setup = await adminSetup({ requests });
    openDetails(setup, 1);
    fireEvent.click(await screen.findByRole("button", { name: text.reject }));
    fireEvent.click(screen.getByRole("button", { name: text.send }));
    expect(await screen.findByText(adminServerMessages.reasonRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(text.reasonForRejection), { target: { value: "Blurred photo" } });
    fireEvent.click(screen.getByRole("button", { name: text.send }));
    expect(await screen.findByText(adminServerMessages.rejected)).toBeTruthy();
    expect(screen.getByText("Blurred photo")).toBeTruthy();
    expect(screen.queryByRole("button", { name: text.approve })).toBeNull();
  });

  it("removes a shop's verification with a reason", async () => {
    const setup = await adminSetup({ requests });
    openDetails(setup, 2);
    expect(await screen.findByRole("heading", { name: "Gulu Boda Spares" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text.removeVerification }));
    fireEvent.change(screen.getByLabelText(text.reasonForRemoval), { target: { value: "Shop closed" } });
    fireEvent.click(screen.getByRole("button", { name: text.send }));
    expect(await screen.findByText(adminServerMessages.revoked)).toBeTruthy();
    expect(setup.admin.calls).toContainEqual({ method: "revoke", id: 2, reason: "Shop closed" });
  });

  it("shows a decision's failure and an unknown request's words", async () => {
    const setup = await adminSetup({ requests });
    setup.admin.failures.set("approve", { kind: "network" });
    openDetails(setup, 1);
    fireEvent.click(await screen.findByRole("button", { name: text.approve }));
    await findAlert(messages.common.checkConnection);
    cleanup();
    openDetails(setup, 99);
    await findAlert(adminServerMessages.requestNotFound);
  });

  it("is not allowed to a user who is not an admin", async () => {
    const setup = await adminSetup({ isAdmin: false, requests });
    openDetails(setup, 1);
    expect(await screen.findByText(text.notAllowed)).toBeTruthy();
  });
});
