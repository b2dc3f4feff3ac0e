import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// The conventions every command keeps, the built `katale` against the real server: --json in the
// API's snake_case, `katale help`, logout when logged out, a hint for a base URL without its
// /api/shop/, and a file that cannot be read or written named, never "unexpected error: ENOENT".

/** Every key of every object in `value`. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe("katale's conventions against a started server", () => {
  let server: TestServer;
  let work: string;

  const katale = (args: string[], stdin = "") =>
    runKatale(args, {
      stdin,
      env: {
        KATALE_CONFIG_DIR: join(work, "config"),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
    });

  beforeAll(async () => {
    server = await startTestServer({ seed: "demo" });
    work = mkdtempSync(join(tmpdir(), "katale-cli-conventions-"));
  });

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("--json keys are the API's snake_case, in lists, pages, details and the session", async () => {
    const user = await aSignedInUser(server);
    expect((await katale(["login", user.email], `${user.password}\n`)).code).toBe(0);
    const page = JSON.parse((await katale(["products", "list", "--json"])).stdout);
    expect(page).toMatchObject({ page: 1, has_next: true, has_previous: false });
    const slug = page.items[0].slug as string;
    for (const args of [
      ["products", "list"],
      ["products", "show", slug],
      ["shops", "show", String(page.items[0].shop_id)],
      ["subcategories", "list"],
      ["whoami"],
    ]) {
      const run = await katale([...args, "--json"]);
      expect(run.code, run.stderr).toBe(0);
      const camel = keysOf(JSON.parse(run.stdout)).filter((key) => /[A-Z]/.test(key));
      expect(camel, args.join(" ")).toEqual([]);
    }
    expect(JSON.parse((await katale(["whoami", "--json"])).stdout)).toMatchObject({ is_admin: false });
  });

  it("katale help and katale help <command> print the help; an unknown one is a usage error", async () => {
    const top = await katale(["help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain("Usage: katale [options] [command]");
    expect(top.stdout).toMatch(/\n\s+products\b/);
    const list = await katale(["help", "products", "list"]);
    expect(list).toMatchObject({ code: 0, stderr: "" });
    expect(list.stdout).toBe((await katale(["products", "list", "--help"])).stdout);
    const unknown = await katale(["help", "nosuch"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'katale nosuch'");
  });

  it("logout when logged out says so on stderr and exits 1, as every command needing a session", async () => {
    await katale(["logout"]);
    const notLoggedIn = { code: 1, stdout: "", stderr: "You are not logged in. Run 'katale login' first.\n" };
    expect(await katale(["logout"])).toEqual(notLoggedIn);
    expect(await katale(["saved"])).toEqual(notLoggedIn);
  });

  it("a base URL without /api/shop/ gets a hint with the URL it most likely meant", async () => {
    const run = await runKatale(["categories", "list", "--shop-url", server.baseUrl]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`try --shop-url ${new URL(server.baseUrl).origin}/api/shop/`);
    const right = await runKatale(["categories", "list", "--shop-url", server.shopUrl]);
    expect(right.code, right.stderr).toBe(0);
  });

  it("a file that cannot be read or written is named, not an unexpected error", async () => {
    const missing = join(work, "nowhere", "catalogue.csv");
    const read = await katale(["categories", "import", missing]);
    expect(read).toMatchObject({ code: 1, stdout: "" });
    expect(read.stderr).toBe(`${missing}: no such file or folder.\n`);

    const blocker = join(work, "a-file");
    writeFileSync(blocker, "");
    const junit = join(blocker, "smoke.xml");
    const smoke = await katale(["smoke", "--junit", junit, "--timeout", "2000"]);
    expect(smoke.code).toBe(1);
    expect(smoke.stderr).toContain(junit);
    expect(smoke.stderr).not.toContain("unexpected error");

    const output = join(blocker, "export.csv");
    const exported = await katale(["categories", "export", "--output", output]);
    expect(exported.code).toBe(1);
    expect(exported.stderr).toContain(blocker);
    expect(exported.stderr).not.toContain("unexpected error");
  });
});
