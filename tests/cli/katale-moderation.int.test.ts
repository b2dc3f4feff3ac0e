import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aProduct, aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// The built `katale` against the real server: a user reports a product (and is refused a second
// report, worded by its code even when the service's English changes, and a report on their own
// shop's product), someone who is not an admin is refused the
// queue, the admin lists the report, hides the product with a note (a visitor no longer finds it),
// restores it (the visitor finds it again), and the audit log shows both decisions; past the
// day's reports, the next is refused in the domain's words.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

interface ReportRow {
  id: number;
  target: string;
  target_id: number;
  target_preview: { title: string };
  reason: string;
  details: string;
  reporter: { id: number; name: string };
  reports_on_target: number;
  status: string;
}

describe("katale report and the admins' moderation against a started server", () => {
  let server: TestServer;
  let work: string;
  let admin: Signed;
  let reporter: Signed;
  let owner: Signed;
  let product: { id: number; slug: string; name: string };
  let ownProduct: { id: number };

  const katale = (args: string[], stdin = "", config = "config", shopUrl = server.shopUrl) =>
    runKatale(args, {
      stdin,
      env: {
        KATALE_CONFIG_DIR: join(work, config),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: shopUrl,
        COLUMNS: "120",
      },
    });
  /** Someone who never logged in: a separate config folder. */
  const visitor = (args: string[]) => katale(args, "", "visitor");

  const login = async (who: Signed) =>
    expect(await katale(["login", who.email], `${who.password}\n`)).toMatchObject({ code: 0 });

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(join(tmpdir(), "katale-cli-moderation-"));
    [admin, reporter, owner] = await Promise.all([
      aSignedInUser(server, { role: "admin" }),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    product = await aProduct(server.db, { name: "Counterfeit watch" });
    const shop = await aShop(server.db, { owner_id: reporter.id, name: "Reporter's stall" });
    ownProduct = await aProduct(server.db, { shop_id: shop.id, name: "Own lantern" });
  });

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("refuses a bad target or reason as a usage error, before anything is sent", async () => {
    const target = await katale(["report", "car", "1", "--reason", "scam"]);
    expect(target.code).toBe(2);
    expect(target.stderr).toContain("TARGET must be one of product, shop, user, review, message");
    const reason = await katale(["report", "product", "1", "--reason", "ugly"]);
    expect(reason.code).toBe(2);
    expect(reason.stderr).toContain("--reason must be one of scam, prohibited");
  });

  it("a user reports a product once; a second report and their own product are refused", async () => {
    await login(reporter);
    const sent = await katale([
      "report",
      "product",
      String(product.id),
      "--reason",
      "counterfeit",
      "--details",
      "Fake brand",
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/^Thanks, our team will look at it \(report \d+\)\.\n$/);

    const again = await katale(["report", "product", String(product.id), "--reason", "scam"]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe("You have already reported this; our team will look at it");

    const own = await katale(["report", "product", String(ownProduct.id), "--reason", "spam"]);
    expect(own.code).toBe(1);
    expect(own.stderr.trim()).toBe("You cannot report yourself or your own shop");

    const other = await katale(["report", "product", String(ownProduct.id), "--reason", "other"]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("Tell us what is wrong");
  });

  it("words a second report by the service's code, whatever its English says", async () => {
    const proxy = await aRewordingProxy(server.shopUrl);
    try {
      const again = await katale(
        ["report", "product", String(product.id), "--reason", "spam"],
        "",
        "config",
        proxy.url,
      );
      expect(proxy.reworded()).toBe(1);
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe("You have already reported this; our team will look at it");
    } finally {
      await proxy.close();
    }
  });

  it("someone who is not an admin is refused the queue", async () => {
    await login(owner);
    const listed = await katale(["admin", "reports"]);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toBe("");
    expect(listed.stderr.trim()).toBe("This needs an admin account: log in as an admin with 'katale login'.");
    const audit = await katale(["admin", "audit"]);
    expect(audit.code).toBe(1);
    expect(audit.stderr).toContain("needs an admin account");
  });

  it("the admin lists, hides, restores, and reads the audit log", async () => {
    await login(admin);
    const table = await katale(["admin", "reports"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/ID\s+TARGET\s+TITLE\s+REASON\s+REPORTS\s+REPORTER\s+WHEN/);
    expect(table.stdout).toContain("Counterfeit watch");
    expect(table.stdout).toContain(reporter.name);

    const json = await katale(["admin", "reports", "--target", "product", "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const rows = (JSON.parse(json.stdout) as { results: ReportRow[] }).results;
    expect(rows).toHaveLength(1);
    const [report] = rows as [ReportRow];
    expect(report).toMatchObject({
      target: "product",
      target_id: product.id,
      target_preview: { title: "Counterfeit watch" },
      reason: "counterfeit",
      details: "Fake brand",
      reporter: { id: reporter.id },
      reports_on_target: 1,
      status: "open",
    });

    expect((await visitor(["products", "show", product.slug])).code).toBe(0);
    const hidden = await katale([
      "admin",
      "resolve",
      String(report.id),
      "--action",
      "hide",
      "--note",
      "Counterfeit brand goods",
    ]);
    expect(hidden.code, hidden.stderr).toBe(0);
    expect(hidden.stdout).toContain(`Report ${report.id} resolved (hide): product ${product.id}`);
    const gone = await visitor(["products", "show", product.slug]);
    expect(gone.code).toBe(1);
    expect(gone.stdout).toBe("");

    const open = await katale(["admin", "reports"]);
    expect(open.stdout.trim()).toBe("No reports.");
    const past = await katale(["admin", "reports", "--page", "9"]);
    expect(past.code).toBe(1);
    expect(past.stderr.trim()).toBe("Nothing more: page 9 is past the last page.");
    const resolved = await katale(["admin", "reports", "--status", "resolved", "--json"]);
    expect((JSON.parse(resolved.stdout) as { results: ReportRow[] }).results).toMatchObject([
      { id: report.id, status: "resolved" },
    ]);

    const restored = await katale(["admin", "restore", "product", String(product.id)]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout.trim()).toBe(`Restored: product ${product.id}.`);
    expect((await visitor(["products", "show", product.slug])).code).toBe(0);
    const twice = await katale(["admin", "restore", "product", String(product.id)]);
    expect(twice.code).toBe(1);

    const audit = await katale(["admin", "audit", "--target", `product:${product.id}`, "--json"]);
    expect(audit.code, audit.stderr).toBe(0);
    const entries = (JSON.parse(audit.stdout) as { results: { action: string; actor: { id: number } }[] })
      .results;
    expect(entries.map((e) => e.action).sort()).toEqual(["moderation.restore", "report.hide"]);
    expect(entries.every((e) => e.actor.id === admin.id)).toBe(true);
    const auditTable = await katale(["admin", "audit", "--actor", String(admin.id)]);
    expect(auditTable.code, auditTable.stderr).toBe(0);
    expect(auditTable.stdout).toMatch(/ACTOR\s+ACTION\s+TARGET/);
    expect(auditTable.stdout).toContain(`product:${product.id}`);
  });

  it("past the day's reports, the next is refused in the domain's words", async () => {
    const busy = await aSignedInUser(server);
    for (let i = 0; i < 20; i++) {
      const target = await aProduct(server.db, { name: `Spam item ${i}` });
      const sent = await fetch(`${server.shopUrl}reports/`, {
        method: "POST",
        headers: { authorization: `Token ${busy.key}`, "content-type": "application/json" },
        body: JSON.stringify({ target: "product", target_id: target.id, reason: "spam" }),
      });
      expect(sent.status).toBe(201);
    }
    await login(busy);
    const refused = await katale(["report", "product", String(product.id), "--reason", "spam"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe("You have sent the most reports allowed today; try again tomorrow");
  });
});

/**
 * The real service behind a proxy that puts other words in every refusal's `detail` or `error`
 * (its `code` untouched), as a later server might word them: a client reading the words would show them.
 */
async function aRewordingProxy(shopUrl: string) {
  const upstream = new URL(shopUrl);
  let reworded = 0;
  const proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "accept", "idempotency-key"]) {
        const value = request.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      const answer = await fetch(new URL(request.url ?? "/", upstream.origin), {
        method: request.method ?? "GET",
        headers,
        ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
      });
      let text = await answer.text();
      if (answer.status >= 400 && text.startsWith("{")) {
        const body = JSON.parse(text) as Record<string, unknown>;
        for (const field of ["detail", "error"] as const)
          if (typeof body[field] === "string") body[field] = "Maneno mengine kabisa";
        text = JSON.stringify(body);
        reworded += 1;
      }
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "text/plain",
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    reworded: () => reworded,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}
