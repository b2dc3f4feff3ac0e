import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startTestServer, type TestServer } from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser.js";

// Someone signs up, confirms the e-mailed code, logs in, edits the profile, changes the password,
// logs out and in again, resets a forgotten password through the e-mailed link and deletes the
// account: the built web app in Debian's Chromium against the real server and its development mailbox.

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const webDir = join(root, "packages", "web", "dist");

let server: TestServer;
let browser: Browser;
let laptop: Page;
let phone: Page;

const email = `nakato.${Date.now().toString(36)}@example.ug`;
const passwords = { first: "kampala-2026", changed: "entebbe-2026", reset: "jinja-2026-new" };

beforeAll(async () => {
  // tests/build-clients.global-setup.ts has built the web app.
  if (!existsSync(join(webDir, "index.html"))) throw new Error(`no web build in ${webDir}`);
  server = await startTestServer({ seed: "none", webDir });
  browser = await launchChromium();
  laptop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest message to `to` matching `subject`, as the development mailbox lists it. */
async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const list = (await (await fetch(url("/dev/mail.json"))).json()) as Mail[];
      found = list.find((m) => m.to === to && subject.test(m.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as Mail;
}

const codeIn = (mail: Mail) => /^\s*(\d{5})\s*$/m.exec(mail.text)?.[1] ?? "";

/** The user menu of the header (desktop) or of the bottom bar (phone): whichever is shown. */
const userMenu = (page: Page) => page.getByRole("button", { name: "User menu" }).locator("visible=true");

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel("Phone No/Email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

describe("accounts in the browser", () => {
  it("signs up; login is refused until the e-mailed code is entered", async () => {
    await laptop.goto(url("/register"));
    await laptop.getByLabel("Full Name").fill("Nakato Sarah");
    await laptop.getByLabel("Email").fill(email);
    await laptop.getByLabel("Phone Number").fill("0772123456");
    await laptop.getByLabel("Password", { exact: true }).fill(passwords.first);
    await laptop.getByRole("button", { name: "Sign Up" }).click();
    await expect.poll(() => laptop.getByText("Registration successful").isVisible()).toBe(true);
    const popup = laptop.getByRole("dialog", { name: "Verify your email" });
    await popup.waitFor();

    // Before the code is entered, the account cannot log in.
    await phone.goto(url("/login"));
    await logIn(phone, email, passwords.first);
    await expect.poll(() => phone.getByText("User not verified, please check email").isVisible()).toBe(true);

    await popup.getByLabel("OTP code").fill(codeIn(await mailTo(email, /verification/i)));
    await popup.getByRole("button", { name: "Continue" }).click();
    await laptop.waitForURL(url("/login"));
    await expect.poll(() => laptop.getByText(/Email verified/).isVisible()).toBe(true);
  });

  it("logs in ('Invalid Credentials' for a wrong password) and sees the user menu", async () => {
    await logIn(laptop, email, "not-my-password");
    await expect.poll(() => laptop.getByText("Invalid Credentials").isVisible()).toBe(true);
    await logIn(laptop, email, passwords.first);
    await laptop.waitForURL(url("/"));
    await userMenu(laptop).click();
    await expect.poll(() => laptop.getByText("Nakato Sarah").isVisible()).toBe(true);
    await expect.poll(() => laptop.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    await laptop.getByRole("link", { name: "Profile" }).click();
    await laptop.waitForURL(url("/account"));
    await expect
      .poll(() => laptop.getByRole("heading", { level: 1, name: "Nakato Sarah" }).isVisible())
      .toBe(true);
  });

  it("edits the profile", async () => {
    await laptop.getByRole("link", { name: "Edit profile" }).click();
    await laptop.getByLabel("Full Name").fill("Sarah Nakato Mukasa");
    await laptop.getByLabel("Phone Number").fill("+256772123456");
    await laptop.getByLabel("Country").fill("Uganda");
    await laptop.getByLabel("Gender").selectOption("female");
    await laptop.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => laptop.getByText("Update successful").isVisible()).toBe(true);
    await laptop.reload();
    expect(await laptop.getByLabel("Full Name").inputValue()).toBe("Sarah Nakato Mukasa");
    expect(await laptop.getByLabel("Phone Number").inputValue()).toBe("+256772123456");
    await userMenu(laptop).click();
    await expect.poll(() => laptop.getByText("Sarah Nakato Mukasa").isVisible()).toBe(true);
    await userMenu(laptop).click();
  });

  it("changes the password, logs out, and only the new password works", async () => {
    await laptop.goto(url("/account/account"));
    await laptop.getByLabel("Current password").fill(passwords.first);
    await laptop.getByLabel("New password", { exact: true }).fill(passwords.changed);
    await laptop.getByLabel("Confirm new password").fill(`${passwords.changed}x`);
    await laptop.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => laptop.getByText("Passwords have to be the same").isVisible()).toBe(true);
    await laptop.getByLabel("Confirm new password").fill(passwords.changed);
    await laptop.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => laptop.getByText("Password changed successfully").isVisible()).toBe(true);

    await userMenu(laptop).click();
    await laptop.getByRole("button", { name: "Logout" }).click();
    await laptop.waitForURL(url("/login"));
    expect(await laptop.evaluate("localStorage.length")).toBe(0);
    await laptop.goto(url("/account"));
    await laptop.waitForURL(url("/login"));

    await logIn(laptop, email, passwords.first);
    await expect.poll(() => laptop.getByText("Invalid Credentials").isVisible()).toBe(true);
    await logIn(laptop, email, passwords.changed);
    // Sent to /login from /account: back there after logging in.
    await laptop.waitForURL(url("/account"));
  });

  it("resets a forgotten password through the e-mailed link, on a phone", async () => {
    await phone.goto(url("/forgot"));
    await phone.getByLabel("Email").fill(email);
    await phone.getByRole("button", { name: "Send code" }).click();
    await expect.poll(() => phone.getByText("Code sent to email").isVisible()).toBe(true);

    const mail = await mailTo(email, /reset/i);
    const link = new URL(/https?:\/\/\S*\/reset-password-link\?\S+/.exec(mail.text)?.[0] ?? "");
    await phone.goto(url(`${link.pathname}${link.search}`));
    const popup = phone.getByRole("dialog", { name: "Set a new password" });
    await popup.waitFor();
    // The code does not stay in the address bar (nor in the history) once read.
    expect(new URL(phone.url()).search).toBe("");
    await popup.getByLabel("New password").fill(passwords.reset);
    await popup.getByLabel("Confirm password").fill("something-else-1");
    await popup.getByRole("button", { name: "Save password" }).click();
    await expect.poll(() => popup.getByText("Passwords not the same").isVisible()).toBe(true);
    await popup.getByLabel("Confirm password").fill(passwords.reset);
    await popup.getByRole("button", { name: "Save password" }).click();
    await phone.waitForURL(url("/login"));
    await expect.poll(() => phone.getByText("Password reset successfully").isVisible()).toBe(true);

    await logIn(phone, email, passwords.changed);
    await expect.poll(() => phone.getByText("Invalid Credentials").isVisible()).toBe(true);
    await logIn(phone, "+256772123456", passwords.reset);
    await phone.waitForURL(url("/"));
    await userMenu(phone).click();
    await expect.poll(() => phone.getByText("Sarah Nakato Mukasa").isVisible()).toBe(true);
  });

  it("deletes the account: Yes, then the password; it can no longer log in", async () => {
    await phone.goto(url("/account/account"));
    await phone.getByRole("button", { name: "Delete account" }).click();
    await phone.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
    const confirm = phone.getByRole("dialog", { name: "Delete account" });
    await confirm.getByLabel("Password", { exact: true }).fill(passwords.reset);
    await confirm.getByRole("button", { name: "Delete my account" }).click();
    await phone.waitForURL(url("/login"));
    await expect.poll(() => phone.getByText("Your account has been deleted").isVisible()).toBe(true);
    expect(await phone.evaluate("localStorage.length")).toBe(0);
    await logIn(phone, email, passwords.reset);
    await expect.poll(() => phone.getByText("Invalid Credentials").isVisible()).toBe(true);
  });
});
