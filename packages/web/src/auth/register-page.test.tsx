// @vitest-environment happy-dom
import { OTP_POPUP_DELAY_MS } from "@katale/domain";
import { aUser, InMemoryAuthGateway } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import RegisterPage from "./register-page.js";

let auth: InMemoryAuthGateway;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  auth = new InMemoryAuthGateway();
  renderWithServices(<RegisterPage />, testServices({ auth }), { path: "/register" });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label, { selector: "input" }), { target: { value } });

async function signUp(email = "nakato@example.ug", phone = "0772000001") {
  type("Full Name", "Nakato Sarah");
  type("Email", email);
  type("Phone Number", phone);
  type("Password", "kampala-2026");
  fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(await screen.findByText("Registration successful")).toBeTruthy();
}

describe("sign-up and its OTP popup", () => {
  it("opens the OTP popup 1 s after 'Registration successful'", async () => {
    await signUp();
    await act(() => vi.advanceTimersByTimeAsync(OTP_POPUP_DELAY_MS - 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(50));
    const popup = screen.getByRole("dialog", { name: "Verify your email" });
    expect(within(popup).getByText("Enter OTP sent to your email address")).toBeTruthy();
    expect(within(popup).getByText("We sent a code to nakato@example.ug.")).toBeTruthy();
  });

  it("goes to /login when the code is right", async () => {
    await signUp();
    await act(() => vi.advanceTimersByTimeAsync(OTP_POPUP_DELAY_MS));
    const popup = screen.getByRole("dialog");
    type("OTP code", auth.codeFor("nakato@example.ug") ?? "", popup);
    fireEvent.click(within(popup).getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(screen.getByTestId("location").getAttribute("data-path")).toBe("/login"));
  });

  it("checks the code's shape before sending it", async () => {
    await signUp();
    await act(() => vi.advanceTimersByTimeAsync(OTP_POPUP_DELAY_MS));
    const popup = screen.getByRole("dialog");
    const verify = vi.spyOn(auth, "verify");
    fireEvent.click(within(popup).getByRole("button", { name: "Continue" }));
    expect(await within(popup).findByText("Enter the code sent to your email")).toBeTruthy();
    type("OTP code", "12a", popup);
    fireEvent.click(within(popup).getByRole("button", { name: "Continue" }));
    expect(await within(popup).findByText("The code is made of at most 5 digits")).toBeTruthy();
    expect(verify).not.toHaveBeenCalled();
  });

  it("sends a new code on 'Resend' and says so", async () => {
    await signUp();
    await act(() => vi.advanceTimersByTimeAsync(OTP_POPUP_DELAY_MS));
    const popup = screen.getByRole("dialog");
    const first = auth.codeFor("nakato@example.ug");
    fireEvent.click(within(popup).getByRole("button", { name: "Resend" }));
    expect(await within(popup).findByText("OTP sent to this email")).toBeTruthy();
    expect(auth.sent.filter((s) => s.to === "nakato@example.ug")).toHaveLength(2);
    expect(auth.codeFor("nakato@example.ug")).not.toBe(first);
  });

  it("back on /register with the failure when the code is wrong, offering to enter it again", async () => {
    await signUp();
    await act(() => vi.advanceTimersByTimeAsync(OTP_POPUP_DELAY_MS));
    const popup = screen.getByRole("dialog");
    type("OTP code", "00000", popup);
    fireEvent.click(within(popup).getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Wrong code, please enter the correct code!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("link", { name: "Enter the code again" }).getAttribute("href")).toBe(
      "/otp-verification?email=nakato%40example.ug",
    );
  });

  it("says which of email and phone are taken", async () => {
    auth.addAccount(aUser({ email: "taken@example.ug", phone: "0772000009" }), "kampala-2026");
    type("Full Name", "Nakato Sarah");
    type("Email", "taken@example.ug");
    type("Phone Number", "0772000009");
    type("Password", "kampala-2026");
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Email and phone already exist")).toBeTruthy();
  });

  it("keeps the phone to 10 characters", () => {
    const phone = screen.getByLabelText("Phone Number", { selector: "input" }) as HTMLInputElement;
    expect(phone.maxLength).toBe(10);
  });
});
