import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import { aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// The built `katale` against the real server: a user and a shop owner send their verification
// requests from the terminal, and an admin reads one with its documents and saves them.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe("verification requests from the terminal", () => {
  let server: TestServer;
  let work: string;
  let admin: Signed;
  let user: Signed;
  let owner: Signed;
  let shopName: string;

  const katale = (who: Signed, args: string[], stdin = "") =>
    runKatale(args, {
      stdin,
      env: {
        KATALE_CONFIG_DIR: join(work, `config-${who.id}`),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
    });
  const login = async (who: Signed) =>
    expect(await katale(who, ["login", who.email], `${who.password}\n`)).toMatchObject({ code: 0 });

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(join(tmpdir(), "katale-cli-verify-"));
    writeFileSync(join(work, "id.png"), samplePng(0).bytes);
    writeFileSync(join(work, "me.png"), samplePng(1).bytes);
    writeFileSync(join(work, "notes.txt"), "not a picture");
    [admin, user, owner] = await Promise.all([
      aSignedInUser(server, { role: "admin" }),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    shopName = (await aShop(server.db, { owner_id: owner.id, name: "Owino Stall" })).name;
    for (const who of [admin, user, owner]) await login(who);
  });

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const userArgs = (photo: string) => [
    "account",
    "verify",
    "--email",
    user.email,
    "--phone",
    user.phone,
    "--nin",
    "CM90012345ABCD",
    "--id-image",
    join(work, "id.png"),
    "--photo",
    photo,
    "--lat",
    "0.3476",
    "--lon",
    "32.5825",
  ];

  it("a user sends the request once; a missing or wrong file is refused before anything is sent", async () => {
    const missing = await katale(user, userArgs(join(work, "nowhere.png")));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(join(work, "nowhere.png"));
    const notPicture = await katale(user, userArgs(join(work, "notes.txt")));
    expect(notPicture.code).toBe(2);
    expect(notPicture.stderr).toContain("notes.txt");

    const sent = await katale(user, userArgs(join(work, "me.png")));
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toContain("Successfully sent verification request");
    const again = await katale(user, [...userArgs(join(work, "me.png")), "--json"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("User already has a verification request");
  });

  it("an owner asks for their shop's verification; another's shop is refused", async () => {
    const args = (who: Signed) => [
      "shops",
      "verify",
      shopName,
      "--email",
      who.email,
      "--image",
      join(work, "me.png"),
      "--lat",
      "0.3476",
      "--lon",
      "32.5825",
    ];
    const stranger = await katale(user, args(user));
    expect(stranger.code).not.toBe(0);
    const sent = await katale(owner, [...args(owner), "--json"]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({
      message: "Successfully sent verification request",
      shop: { name: shopName },
    });
    const again = await katale(owner, args(owner));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Shop already has a verification request");
  });

  it("an admin reads a request with its fields and documents and saves the documents", async () => {
    const listed = await katale(admin, ["admin", "verifications", "--kind", "user", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const id = (
      JSON.parse(listed.stdout) as { results: { id: number; user: { email: string } }[] }
    ).results.find((r) => r.user.email === user.email)!.id;

    const shown = await katale(admin, ["admin", "show", String(id)]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Request ${id} · user · PENDING`);
    expect(shown.stdout).toContain("National ID Number: CM90012345ABCD");
    expect(shown.stdout).toContain("Location: 0.3476, 32.5825");
    expect(shown.stdout).toContain("Documents (2):");
    expect(shown.stdout).toContain(
      `National ID: ${new URL(server.shopUrl).origin}/api/shop/verification/requests/${id}/documents/national_id_image`,
    );

    const dir = join(work, "documents");
    const saved = await katale(admin, ["admin", "show", String(id), "--save-documents", dir, "--json"]);
    expect(saved.code, saved.stderr).toBe(0);
    const json = JSON.parse(saved.stdout);
    expect(json).toMatchObject({
      id,
      status: "PENDING",
      nin: "CM90012345ABCD",
      submitted_at: expect.any(String),
    });
    expect(readdirSync(dir).sort()).toEqual([
      `request-${id}-national_id_image.webp`,
      `request-${id}-user_image.webp`,
    ]);
    // WebP files: RIFF....WEBP
    const bytes = readFileSync(join(dir, `request-${id}-user_image.webp`));
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");

    // Someone who is not an admin gets nothing, and no folder is made.
    const refused = await katale(user, ["admin", "show", String(id), "--save-documents", join(work, "mine")]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("This needs an admin account");
    expect(existsSync(join(work, "mine"))).toBe(false);
    const unknown = await katale(admin, ["admin", "show", "999999"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).not.toContain("unexpected");
  });
});
