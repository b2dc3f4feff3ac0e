import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { aCategory } from "@katale/server/testing";
import { type Browser, chromium, type Page, type Request } from "playwright-core";

// What the Chromium end-to-end tests share: the web build, the browser, pictures of the screens,
// and the problems a page may show (console errors, uncaught errors, failed requests, dialogs).

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The web app's production build; tests/build-clients.global-setup.ts has made it. */
export function webBuildDir(): string {
  const dir = join(root, "packages", "web", "dist");
  if (!existsSync(join(dir, "index.html"))) throw new Error(`no web build in ${dir}`);
  return dir;
}

/** Debian's Chromium, headless (nothing downloads at run time). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Set KATALE_SCREENSHOTS to a folder to keep pictures of the screens for a look. */
const shotsDir = process.env.KATALE_SCREENSHOTS;
if (shotsDir) mkdirSync(shotsDir, { recursive: true });

/** A picture of the page's first screen, when KATALE_SCREENSHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  if (shotsDir) await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: false });
}

/** Collects into `problems` what a user could notice going wrong: console errors, uncaught errors, failed requests, dialogs. */
export function watchProblems(page: Page, problems: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** Fills the login form at /login (already open) and presses Login. */
export async function fillLogin(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Phone No/Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * The categories every page needs: the home page asks for category 5 (Services, spec §9), and a
 * missing one answers 404, which the page shows as a problem. Makes five; answers the fifth's id.
 */
export async function homeCategories(db: Parameters<typeof aCategory>[0]): Promise<number> {
  let category = 0;
  for (let i = 0; i < 5; i++) category = (await aCategory(db)).id;
  return category;
}

/** Waits until an activated worker controls the page (the app registers it after its first screen). */
export async function workerControls(page: Page): Promise<void> {
  // The script is text: this file is typed for Node, it runs in the page.
  await page.evaluate(`(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller === null) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
  })()`);
}

/** The files of a multipart body: their declared type and bytes. */
export function multipartFiles(request: Request): { type: string; bytes: Buffer }[] {
  const body = request.postDataBuffer();
  const boundary = /boundary=(.+)$/.exec(request.headers()["content-type"] ?? "")?.[1];
  if (body === null || boundary === undefined) return [];
  const files: { type: string; bytes: Buffer }[] = [];
  const marker = Buffer.from(`--${boundary}`);
  let at = body.indexOf(marker);
  while (at >= 0) {
    const next = body.indexOf(marker, at + marker.length);
    if (next < 0) break;
    const part = body.subarray(at + marker.length + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString();
    if (head.includes("filename=")) {
      const type = /Content-Type: (\S+)/i.exec(head)?.[1] ?? "";
      files.push({ type, bytes: part.subarray(split + 4) });
    }
    at = next;
  }
  return files;
}
