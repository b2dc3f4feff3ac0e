// @vitest-environment happy-dom
import { aUser, InMemoryAuthGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import { NewPasswordDialog } from "./new-password-dialog.js";

afterEach(cleanup);

async function resetKeyFor(auth: InMemoryAuthGateway, email: string): Promise<string> {
  await auth.requestReset(email);
  const key = await auth.verifyReset({ email, otp: auth.codeFor(email) ?? "" });
  if (!key.ok) throw new Error("no reset key");
  return key.value;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: "input" }), { target: { value } });

describe("new-password popup", () => {
  it("says 'Passwords not the same' and sends nothing while they differ", async () => {
    const auth = new InMemoryAuthGateway();
    const complete = vi.spyOn(auth, "completeReset");
    renderWithServices(<NewPasswordDialog resetKey="k" onClose={() => {}} />, testServices({ auth }));
    type("New password", "jinja-2026-a");
    type("Confirm password", "jinja-2026-b");
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    expect(await screen.findByText("Passwords not the same")).toBeTruthy();
    expect(complete).not.toHaveBeenCalled();
  });

  it("sets the new password and goes to /login", async () => {
    const auth = new InMemoryAuthGateway();
    auth.addAccount(aUser({ email: "amina@example.ug" }), "old-password-1");
    const key = await resetKeyFor(auth, "amina@example.ug");
    renderWithServices(<NewPasswordDialog resetKey={key} onClose={() => {}} />, testServices({ auth }));
    type("New password", "jinja-2026-a");
    type("Confirm password", "jinja-2026-a");
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    await waitFor(() => expect(screen.getByTestId("location").getAttribute("data-path")).toBe("/login"));
    expect(auth.passwordOf("amina@example.ug")).toBe("jinja-2026-a");
  });
});
