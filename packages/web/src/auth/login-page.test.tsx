// @vitest-environment happy-dom
import { SUCCESS_BANNER_SHORT_MS } from "@katale/domain";
import { aUser, InMemoryAuthGateway } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import LoginPage from "./login-page.js";

const amina = aUser({ id: 7, email: "amina@example.ug", phone: "0700000007", name: "Amina Nakato" });
let auth: InMemoryAuthGateway;
let services: ReturnType<typeof testServices>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  auth = new InMemoryAuthGateway();
  auth.addAccount(amina, "kampala-2026");
  services = testServices({ auth });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const open = () => renderWithServices(<LoginPage />, services, { path: "/login" });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });
const loginButton = () => screen.getByRole("button", { name: /Login|Logging in/ }) as HTMLButtonElement;
const landedAt = () => screen.getByTestId("location").getAttribute("data-path");

describe("login", () => {
  it("asks for both fields and sends nothing without them", async () => {
    const asked = vi.spyOn(auth, "login");
    open();
    fireEvent.click(loginButton());
    expect(await screen.findByText("Enter your phone number or email")).toBeTruthy();
    expect(screen.getByText("Enter your password")).toBeTruthy();
    expect(asked).not.toHaveBeenCalled();
  });

  it("shows and hides the password", () => {
    open();
    const password = screen.getByLabelText("Password", { selector: "input" }) as HTMLInputElement;
    expect(password.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.type).toBe("password");
  });

  it("says 'Invalid Credentials' for a wrong password", async () => {
    open();
    type("Phone No/Email", "amina@example.ug");
    type("Password", "not-her-password");
    fireEvent.click(loginButton());
    expect(await screen.findByText("Invalid Credentials")).toBeTruthy();
    expect(services.local.get("token")).toBeNull();
  });

  it("says 'User not verified, please check email' before the email is confirmed", async () => {
    auth.addAccount(aUser({ id: 8, email: "new@example.ug" }), "kampala-2026", { verified: false });
    open();
    type("Phone No/Email", "new@example.ug");
    type("Password", "kampala-2026");
    fireEvent.click(loginButton());
    expect(await screen.findByText("User not verified, please check email")).toBeTruthy();
  });

  it("is busy while the service answers, then keeps the session and returns to the stored page", async () => {
    let answer: () => void = () => {};
    const login = auth.login.bind(auth);
    auth.login = (credentials) => new Promise((resolve) => (answer = () => resolve(login(credentials))));
    services.session.set("previousUrl", "/shops/all-shops?tab=mine");
    open();
    type("Phone No/Email", "0700000007");
    type("Password", "kampala-2026");
    fireEvent.click(loginButton());
    await waitFor(() => expect(loginButton().disabled).toBe(true));
    expect(loginButton().textContent).toBe("Logging in");

    await act(async () => answer());
    expect(await screen.findByText("Login successful")).toBeTruthy();
    expect(services.local.get("loggedInUserName")).toBe("amina@example.ug");
    expect(services.local.get("activeUser")?.name).toBe("Amina Nakato");
    expect(services.local.get("userdid")).toBe(7);
    expect(services.local.get("token")).toEqual(expect.any(String));

    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_BANNER_SHORT_MS));
    await waitFor(() => expect(landedAt()).toBe("/shops/all-shops?tab=mine"));
    expect(services.session.get("previousUrl")).toBeNull();
  });

  it.each([
    ["another site", "https://evil.example/steal"],
    ["the login page itself", "/login"],
  ])("goes home rather than to %s", async (_what, previousUrl) => {
    services.session.set("previousUrl", previousUrl);
    open();
    type("Phone No/Email", "amina@example.ug");
    type("Password", "kampala-2026");
    fireEvent.click(loginButton());
    await screen.findByText("Login successful");
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_BANNER_SHORT_MS));
    await waitFor(() => expect(landedAt()).toBe("/"));
  });
});
