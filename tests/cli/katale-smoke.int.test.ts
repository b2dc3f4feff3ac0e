import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// `katale smoke` as CI runs it: the built binary against the real server on the demo catalogue
// (with an account: login, save, follow, a chat socket, all undone), then against a service that is
// down and one that never answers.

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

interface Report {
  passed: number;
  failed: number;
  skipped: number;
  checks: { name: string; ok: boolean; skipped: boolean; ms: number; error?: string }[];
}

const VISITOR_CHECKS = [
  "health",
  "categories",
  "sub categories",
  "products page",
  "product by slug",
  "product image",
  "search",
  "shops",
  "faqs",
  "api reference",
];

describe("katale smoke against a started server", () => {
  let server: TestServer;
  let work: string;
  let silent: Server;
  let silentUrl: string;

  async function katale(args: string[], stdin = ""): Promise<Run> {
    const started = Date.now();
    const run = await runKatale(["--shop-url", server.shopUrl, "--auth-url", server.authUrl, ...args], {
      stdin,
      env: { KATALE_CONFIG_DIR: join(work, "config") },
    });
    return { ...run, ms: Date.now() - started };
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: "demo" });
    work = mkdtempSync(join(tmpdir(), "katale-smoke-"));
    // A server that accepts connections and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    silentUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(async () => {
    silent?.closeAllConnections();
    silent?.close();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("passes every visitor check, one ✓ line each, and exits 0", async () => {
    const run = await katale(["smoke"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(VISITOR_CHECKS.length + 1);
    for (const [i, name] of VISITOR_CHECKS.entries())
      expect(lines[i]).toMatch(new RegExp(`^✓ ${name} +\\d+ ms$`));
    expect(lines.at(-1)).toBe(`${VISITOR_CHECKS.length} passed, 0 failed`);
  });

  it("with an account, logs in, saves, follows and leaves nothing behind; JSON and JUnit say the same", async () => {
    const user = await aSignedInUser(server);
    const junit = join(work, "smoke.xml");
    const run = await katale(
      ["smoke", "--account", user.email, "--password-stdin", "--json", "--junit", junit],
      `${user.password}\n`,
    );
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(Object.keys(report)).toEqual(["passed", "failed", "skipped", "checks"]);
    expect(report.checks.map((c) => c.name)).toEqual([
      ...VISITOR_CHECKS,
      "login",
      "users/me",
      "save and unsave",
      "follow and unfollow",
      "chat socket",
      "logout",
    ]);
    expect(report).toMatchObject({ passed: 16, failed: 0, skipped: 0 });
    for (const check of report.checks) expect(Object.keys(check)).toEqual(["name", "ok", "skipped", "ms"]);

    // What the checks created is gone: no saved product, no followed shop.
    const saved = await server.app.inject({
      url: "/api/shop/product/save/",
      headers: { authorization: `Bearer ${user.key}` },
    });
    expect(saved.json()).toMatchObject({ number_of_saved_products: 0 });
    const follows = await server.app.inject({ url: `/api/shop/shop/follow/${user.id}/` });
    expect(follows.json().data ?? follows.json()).toHaveLength(0);
    // The chat room it opened to connect is gone too.
    const rooms = await server.db
      .selectFrom("chat_rooms")
      .select("id")
      .where("customer_id", "=", user.id)
      .execute();
    expect(rooms).toEqual([]);

    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain('<testsuite name="katale smoke"');
    expect(xml).toContain('tests="16" failures="0"');
    expect(xml.match(/<testcase /g)).toHaveLength(16);
  });

  it("connects to a room the account already has, and leaves it and its messages as they were", async () => {
    const user = await aSignedInUser(server);
    const shop = await server.db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow();
    const opened = await server.app.inject({
      url: `/api/shop/chat/room/get-room/${shop.id}`,
      headers: { authorization: `Bearer ${user.key}` },
    });
    const slug = opened.json().data.slug as string;
    const room = await server.db
      .selectFrom("chat_rooms")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("chat_messages")
      .values({ room_id: room.id, sender_id: user.id, message: "Is the solar lamp in stock?" })
      .execute();
    const run = await katale(["smoke", "--account", user.email, "--password-stdin"], `${user.password}\n`);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^✓ chat socket +\d+ ms$/m);
    const left = await server.db
      .selectFrom("chat_rooms as r")
      .innerJoin("chat_messages as m", "m.room_id", "r.id")
      .select(["r.slug", "m.message"])
      .where("r.customer_id", "=", user.id)
      .execute();
    expect(left).toEqual([{ slug, message: "Is the solar lamp in stock?" }]);
  });

  it("says why the login failed, skips the checks that need it, and exits 1", async () => {
    const user = await aSignedInUser(server);
    const junit = join(work, "failed.xml");
    const run = await katale(
      ["smoke", "--account", user.email, "--password-stdin", "--junit", junit],
      "not-the-password\n",
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^✗ login +\d+ ms {2}Invalid Credentials$/m);
    // The checks that need the login are skipped, not failed: one failure.
    expect(run.stdout).toMatch(/^- users\/me +0 ms {2}not run: needs a login from an earlier check$/m);
    expect(run.stdout.trim().split("\n").at(-1)).toBe("10 passed, 1 failed, 5 skipped");
    expect(readFileSync(junit, "utf8")).toMatch(
      /<testcase name="login"[^>]*>\s*<failure message="Invalid Credentials">/,
    );
  });

  it("fails fast, naming the URL, when the service is down: one failure, the rest skipped", async () => {
    const down = "http://127.0.0.1:9/api/shop/";
    const junit = join(work, "down.xml");
    const run = await katale([
      "smoke",
      "--shop-url",
      down,
      "--auth-url",
      "http://127.0.0.1:9/api/auth/",
      "--json",
      "--junit",
      junit,
    ]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report).toMatchObject({ passed: 0, failed: 1, skipped: VISITOR_CHECKS.length - 1 });
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain(
      `tests="${VISITOR_CHECKS.length}" failures="1" errors="0" skipped="${VISITOR_CHECKS.length - 1}"`,
    );
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml.match(/<skipped /g)).toHaveLength(VISITOR_CHECKS.length - 1);
    const text = await katale(["smoke", "--shop-url", down, "--auth-url", "http://127.0.0.1:9/api/auth/"]);
    expect(text.stdout.trim().split("\n").at(-1)).toBe(
      `0 passed, 1 failed, ${VISITOR_CHECKS.length - 1} skipped`,
    );
    expect(report.checks[0]).toMatchObject({
      name: "health",
      ok: false,
      error: "cannot reach http://127.0.0.1:9/api/health",
    });
    for (const check of report.checks.slice(1)) {
      expect(check).toMatchObject({
        ok: false,
        skipped: true,
        ms: 0,
        error: "not run: cannot reach http://127.0.0.1:9/api/health",
      });
    }
    expect(run.ms).toBeLessThan(10_000);
  });

  it("gives up on a check after --timeout", async () => {
    const run = await katale([
      "smoke",
      "--shop-url",
      `${silentUrl}/api/shop/`,
      "--auth-url",
      `${silentUrl}/api/auth/`,
      "--timeout",
      "300",
      "--json",
    ]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.checks[0]).toMatchObject({ name: "health", ok: false, error: "timed out after 300 ms" });
    // The health check is the gate: the rest are not tried against a server that does not answer.
    expect(report.checks[1]).toMatchObject({
      ok: false,
      skipped: true,
      ms: 0,
      error: "not run: timed out after 300 ms",
    });
    expect(report).toMatchObject({ failed: 1, skipped: VISITOR_CHECKS.length - 1 });
    expect(run.ms).toBeLessThan(10_000);
  });

  it("refuses --account without --password-stdin as a usage error", async () => {
    const run = await katale(["smoke", "--account", "me@example.com"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--account needs --password-stdin");
    expect(run.stdout).toBe("");
  });
});
