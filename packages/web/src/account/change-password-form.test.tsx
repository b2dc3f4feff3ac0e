// @vitest-environment happy-dom
import { aUser, InMemoryAuthGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import { ChangePasswordForm } from "./change-password-form.js";

let auth: InMemoryAuthGateway;

beforeEach(async () => {
  auth = new InMemoryAuthGateway();
  auth.addAccount(aUser({ email: "amina@example.ug" }), "kampala-2026");
  const services = testServices({ auth });
  const session = await auth.login({ username: "amina@example.ug", password: "kampala-2026" });
  if (!session.ok) throw new Error("no session");
  services.local.set("token", session.value.token);
  renderWithServices(<ChangePasswordForm />, services);
});
afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });

function fill(old: string, next: string, again: string) {
  type("Current password", old);
  type("New password", next);
  type("Confirm new password", again);
  fireEvent.click(screen.getByRole("button", { name: "Change password" }));
}

describe("password change", () => {
  it("says 'Passwords have to be the same' when the new ones differ", async () => {
    fill("kampala-2026", "entebbe-2026", "entebbe-2027");
    expect(await screen.findByText("Passwords have to be the same")).toBeTruthy();
    expect(auth.passwordOf("amina@example.ug")).toBe("kampala-2026");
  });

  it("says 'Invalid old password' when the current one is wrong", async () => {
    fill("not-it-at-all", "entebbe-2026", "entebbe-2026");
    expect(await screen.findByText("Invalid old password")).toBeTruthy();
  });

  it("changes it, says so and empties the form", async () => {
    fill("kampala-2026", "entebbe-2026", "entebbe-2026");
    expect(await screen.findByText("Password changed successfully")).toBeTruthy();
    expect(auth.passwordOf("amina@example.ug")).toBe("entebbe-2026");
    expect((screen.getByLabelText("Current password", { selector: "input" }) as HTMLInputElement).value).toBe(
      "",
    );
  });
});
