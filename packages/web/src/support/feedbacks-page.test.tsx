// @vitest-environment happy-dom
import { FEEDBACK_ERROR_CLEAR_MS } from "@katale/domain";
import { aFeedback, InMemorySupportGateway } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import FeedbacksPage from "./feedbacks-page.js";

let support: InMemorySupportGateway;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  support = new InMemorySupportGateway([], [aFeedback({ name: "Ssali", message: "Good prices", stars: 6 })]);
  renderWithServices(<FeedbacksPage />, testServices({ support }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement;

async function openDialog() {
  await screen.findByText("Good prices");
  fireEvent.click(screen.getByRole("button", { name: "Leave Feedback" }));
  return screen.findByRole("dialog", { name: "Leave Feedback" });
}

describe("Leave Feedback", () => {
  it("opens a labelled dialog with the focus on the first field, and Escape closes it", async () => {
    const dialog = await openDialog();
    expect(document.activeElement).toBe(field("Name"));
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("enables Submit only once name, email and comment are filled", async () => {
    await openDialog();
    expect(submit().disabled).toBe(true);
    type("Name", "Nakato");
    type("Email", "nakato@example.ug");
    expect(submit().disabled).toBe(true);
    type("Comment", "   ");
    expect(submit().disabled).toBe(true);
    type("Comment", "Quick replies");
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it("says what is wrong with the e-mail address and sends nothing", async () => {
    await openDialog();
    type("Name", "Nakato");
    type("Email", "nakato@");
    type("Comment", "Quick replies");
    fireEvent.click(submit());
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(field("Email").getAttribute("aria-invalid")).toBe("true");
    expect(support.feedback).toHaveLength(1);
  });

  it("sends the stars doubled and shows the new card on top", async () => {
    await openDialog();
    type("Name", "Nakato");
    type("Email", "nakato@example.ug");
    type("Comment", "Quick replies");
    fireEvent.change(screen.getByRole("slider", { name: "Your rating" }), { target: { value: "3.5" } });
    expect(screen.getByRole("slider").getAttribute("aria-valuetext")).toBe("3.5 out of 5 stars");
    fireEvent.click(submit());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(support.feedback.at(-1)).toMatchObject({ name: "Nakato", message: "Quick replies", stars: 7 });
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain("Quick replies");
    expect(cards[0]?.querySelector("[role=img]")?.getAttribute("aria-label")).toBe("Rated 3.5 out of 5");
  });

  it("shows the failure for 3 s, keeps what was typed and lets the visitor try again", async () => {
    support.failures.set("sendFeedback", { kind: "network" });
    await openDialog();
    type("Name", "Nakato");
    type("Email", "nakato@example.ug");
    type("Comment", "Quick replies");
    fireEvent.click(submit());
    expect(await screen.findByText("Failed to add feedback. Please try again.")).toBeTruthy();
    expect(field("Comment").value).toBe("Quick replies");
    await act(() => vi.advanceTimersByTimeAsync(FEEDBACK_ERROR_CLEAR_MS));
    expect(screen.queryByText("Failed to add feedback. Please try again.")).toBeNull();

    support.failures.clear("sendFeedback");
    fireEvent.click(submit());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });
});
