import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import {
  aCategory,
  aProduct,
  aSignedInUser,
  aSubCategory,
  authGet,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// The built `katale` as an admin runs it against the real server: the catalogue exported and
// imported (a no-op round trip, a CSV adding a category, a dry run, --prune refused by a category
// holding products), someone who is not an admin refused, and the verification review and the
// admin role from the terminal.

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface Report {
  created: number;
  updated: number;
  deleted: number;
  unchanged: number;
  failed: number;
  items: { path: string; action: string; error?: string }[];
}

interface ExportedCategory {
  name: string;
  image_url: string | null;
  sub_categories: { name: string; image_url: string | null; filters: { name: string; values: string[] }[] }[];
}

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe("katale admin commands against a started server", () => {
  let server: TestServer;
  let work: string;
  let admin: Signed;
  let user: Signed;

  const katale = (args: string[], stdin = ""): Promise<Run> =>
    runKatale(args, {
      stdin,
      env: {
        KATALE_CONFIG_DIR: join(work, "config"),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
    });

  const login = async (who: Signed) =>
    expect(await katale(["login", who.email], `${who.password}\n`)).toMatchObject({ code: 0 });

  async function catalogue(): Promise<ExportedCategory[]> {
    const run = await katale(["categories", "export"]);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as ExportedCategory[];
  }

  async function importFile(name: string, content: string, ...extra: string[]) {
    const file = join(work, name);
    writeFileSync(file, content);
    const run = await katale(["categories", "import", file, ...extra]);
    return {
      run,
      report: (extra.includes("--json") && run.stdout !== "" ? JSON.parse(run.stdout) : undefined) as Report,
    };
  }

  const fashionCsv = [
    "category,sub_category,filter,value,image",
    "Fashion,,,,fashion.png",
    "Fashion,Shoes,Size,42,",
    "Fashion,Shoes,Size,43,",
    "Fashion,Bags,,,",
    "Fashion,Watches,,,",
  ].join("\n");

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(join(tmpdir(), "katale-cli-admin-"));
    writeFileSync(join(work, "fashion.png"), samplePng(0).bytes);
    const electronics = await aCategory(server.db, { name: "Electronics" });
    const lighting = await aSubCategory(server.db, { category_id: electronics.id, name: "Lighting" });
    await aProduct(server.db, {
      category_id: electronics.id,
      sub_category_id: lighting.id,
      name: "Solar lantern",
    });
    const services = await aCategory(server.db, { name: "Services" });
    await aSubCategory(server.db, { category_id: services.id, name: "Plumbing" });
    [admin, user] = await Promise.all([aSignedInUser(server, { role: "admin" }), aSignedInUser(server)]);
  });

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("refuses someone who is not an admin in one line, and changes nothing", async () => {
    await login(user);
    const before = await catalogue();
    const { run } = await importFile("fashion.csv", fashionCsv, "--json");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([
      "This needs an admin account: log in as an admin with 'katale login'.",
    ]);
    expect(await catalogue()).toEqual(before);
    const listed = await katale(["admin", "verifications"]);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain("needs an admin account");
  });

  it("a dry run prints the plan and changes nothing", async () => {
    await login(admin);
    const before = await catalogue();
    const { run } = await importFile("fashion.csv", fashionCsv, "--dry-run");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("create  Fashion/Shoes/Size/42");
    expect(run.stdout).toContain("7 created, 0 updated, 0 deleted, 0 unchanged, 0 failed");
    expect(run.stdout).toContain("Dry run: nothing was changed.");
    for (const line of run.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect(await catalogue()).toEqual(before);
  });

  it("a CSV adds a category with its image and three sub categories, a filter and its values", async () => {
    const { run, report } = await importFile("fashion.csv", fashionCsv, "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(report).toEqual({
      created: 7,
      updated: 0,
      deleted: 0,
      unchanged: 0,
      failed: 0,
      items: [
        { path: "Fashion", action: "created" },
        { path: "Fashion/Shoes", action: "created" },
        { path: "Fashion/Shoes/Size", action: "created" },
        { path: "Fashion/Shoes/Size/42", action: "created" },
        { path: "Fashion/Shoes/Size/43", action: "created" },
        { path: "Fashion/Bags", action: "created" },
        { path: "Fashion/Watches", action: "created" },
      ],
    });
    const fashion = (await catalogue()).find((c) => c.name === "Fashion")!;
    expect(fashion.image_url).toMatch(/^http.*\/media\/categories\//);
    expect(fashion.sub_categories).toEqual([
      {
        id: expect.any(Number),
        name: "Shoes",
        image_url: null,
        filters: [{ name: "Size", values: ["42", "43"] }],
      },
      { id: expect.any(Number), name: "Bags", image_url: null, filters: [] },
      { id: expect.any(Number), name: "Watches", image_url: null, filters: [] },
    ]);
    // The same file again: the image file is unchanged, so nothing is uploaded.
    const again = await importFile("fashion.csv", fashionCsv, "--json");
    expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: 7, failed: 0 });
  });

  it("importing an unchanged export, JSON or CSV, changes nothing", async () => {
    const before = await catalogue();
    for (const format of ["json", "csv"]) {
      const file = join(work, `export.${format}`);
      const exported = await katale(["categories", "export", "--format", format, "--output", file]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toBe(`${before.length} categories written to ${file}\n`);
      if (format === "csv")
        expect(readFileSync(file, "utf8").split("\n").slice(0, 2)).toEqual([
          "category_id,category,sub_category_id,sub_category,filter,value",
          expect.stringMatching(/^\d+,Electronics,\d+,Lighting,,$/),
        ]);
      const run = await katale(["categories", "import", file, "--json"]);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        created: 0,
        updated: 0,
        deleted: 0,
        failed: 0,
        unchanged: 11,
      });
      const text = await katale(["categories", "import", file]);
      expect(text.stdout).toContain("Nothing to change");
    }
    expect(await catalogue()).toEqual(before);
  });

  it("matches names whatever their case and renames to the file's spelling", async () => {
    const { report } = await importFile(
      "rename.csv",
      "category,sub_category,filter,value\nfashion,SHOES,Size,42\n",
      "--json",
    );
    expect(report).toMatchObject({ created: 0, updated: 2, unchanged: 2, failed: 0 });
    const fashion = (await catalogue()).find((c) => c.name.toLowerCase() === "fashion")!;
    expect(fashion.name).toBe("fashion");
    expect(fashion.sub_categories[0]?.name).toBe("SHOES");
  });

  it("--prune deletes what the file leaves out, but refuses a category holding products and exits 1", async () => {
    const before = await catalogue();
    const kept = before.filter((c) => c.name === "fashion");
    const { run, report } = await importFile(
      "fashion-only.json",
      JSON.stringify(kept),
      "--prune",
      "--yes",
      "--json",
    );
    expect(run.code).toBe(1);
    expect(report).toMatchObject({ created: 0, updated: 0, deleted: 1, failed: 1 });
    expect(report.items.filter((i) => i.action !== "unchanged")).toEqual([
      {
        path: "Electronics",
        action: "failed",
        error: "This category still holds 1 product; move or delete them first",
      },
      { path: "Services", action: "deleted" },
    ]);
    expect((await catalogue()).map((c) => c.name)).toEqual(["Electronics", "fashion"]);
  });

  describe("the verification review", () => {
    async function askVerification(who: Signed) {
      const body = new FormData();
      for (const [name, value] of Object.entries({
        email: who.email,
        phone: who.phone,
        nin: "CM90012345ABCD",
      }))
        body.append(name, value);
      for (const [n, name] of ["national_id_image", "user_image"].entries())
        body.append(name, new Blob([samplePng(n).bytes], { type: "image/png" }), `${name}.png`);
      body.append("location_latitude", "0.3476");
      body.append("location_longitude", "32.5825");
      const response = await fetch(`${server.authUrl}verification/user/`, {
        method: "POST",
        headers: { authorization: `Token ${who.key}` },
        body,
      });
      expect(response.status, await response.clone().text()).toBe(201);
    }

    const pendingId = async () => {
      const run = await katale(["admin", "verifications", "--status", "pending", "--json"]);
      expect(run.code, run.stderr).toBe(0);
      const page = JSON.parse(run.stdout) as {
        count: number;
        results: { id: number; user: { email: string } }[];
      };
      const mine = page.results.find((r) => r.user.email === user.email);
      expect(mine).toBeDefined();
      return mine!.id;
    };
    const status = async () => (await authGet(server, "users/me/", user.key)).body.user.verification_status;

    it("lists a user's request, rejects it with a reason, approves the next one and revokes it", async () => {
      await askVerification(user);
      const listed = await katale(["admin", "verifications", "--kind", "user"]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/ID\s+KIND\s+STATUS\s+APPLICANT/);
      expect(listed.stdout).toContain("Page 1 of 1 (1 request)");
      for (const line of listed.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);

      const first = await pendingId();
      const noReason = await katale(["admin", "reject", String(first)]);
      expect(noReason.code).toBe(2);
      const rejected = await katale([
        "admin",
        "reject",
        String(first),
        "--reason",
        "The ID photo is blurred",
      ]);
      expect(rejected.code, rejected.stderr).toBe(0);
      expect(rejected.stdout).toContain(`Verification rejected: request ${first}`);
      expect(rejected.stdout).toContain("Reason: The ID photo is blurred");
      expect(await status()).toBe("REJECTED");

      await askVerification(user);
      const second = await pendingId();
      const approved = await katale(["admin", "approve", String(second), "--json"]);
      expect(approved.code, approved.stderr).toBe(0);
      expect(JSON.parse(approved.stdout)).toMatchObject({
        message: "Verification approved",
        request: { id: second, status: "VERIFIED" },
      });
      expect(await status()).toBe("VERIFIED");

      const again = await katale(["admin", "approve", String(second)]);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain("already been decided");

      const revoked = await katale(["admin", "revoke", String(second), "--reason", "Documents expired"]);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toContain("Verification removed");
      expect(await status()).toBe("REJECTED");

      const pastEnd = await katale(["admin", "verifications", "--page", "9"]);
      expect(pastEnd).toMatchObject({ code: 1, stderr: "No more requests: page 9 is past the last page.\n" });

      const rejectedList = await katale(["admin", "verifications", "--status", "rejected", "--json"]);
      expect(JSON.parse(rejectedList.stdout).count).toBe(2);
    });

    it("grants the admin role by e-mail and takes it back", async () => {
      const isAdmin = async () => (await authGet(server, "users/me/", user.key)).body.is_admin;
      const granted = await katale(["admin", "grant", user.email]);
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.stdout).toBe(`The account is now an admin.\nAccount: ${user.name} <${user.email}>\n`);
      expect(await isAdmin()).toBe(true);
      const revoked = await katale(["admin", "revoke-admin", user.email, "--json"]);
      expect(JSON.parse(revoked.stdout)).toMatchObject({ account: { email: user.email, is_admin: false } });
      expect(await isAdmin()).toBe(false);
      const own = await katale(["admin", "revoke-admin", admin.email]);
      expect(own.code).not.toBe(0);
      expect(own.stderr).toContain("cannot remove your own admin role");
    });
  });
});
