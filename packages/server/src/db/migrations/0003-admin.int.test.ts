import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aShop, aUser } from "../../testing/fixtures.js";
import { databaseKinds, openTestDatabase } from "../../testing/test-server.js";
import type { DatabaseHandle } from "../connect.js";
import { migrateToLatest, migrationProvider } from "../migrate.js";

// Migration 0003: users' and shops' verification requests end up with ids unique across both tables
// (the review names a request by its id alone), requests made before it included.

describe.each(databaseKinds())("migration 0003: one id sequence for verification requests (%s)", (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("numbers clashing shop requests anew and draws later ids from one sequence", async () => {
    const { db } = database;
    const before = await new Migrator({ db, provider: migrationProvider }).migrateTo("0002-selling");
    expect(before.error).toBeUndefined();
    const user = await aUser(db);
    const shop = await aShop(db, { owner_id: user.id });
    const userRequest = (n: number) => ({
      user_id: user.id,
      email: user.email,
      phone: user.phone,
      nin: `NIN${n}`,
      national_id_image: "national-ids/aaaaaaaaaaaaaaaa.webp",
      user_image: "user-photos/aaaaaaaaaaaaaaaa.webp",
      location_latitude: null,
      location_longitude: null,
      reason: null,
      status: "REJECTED" as const,
    });
    for (const n of [1, 2])
      await db.insertInto("user_verification_requests").values(userRequest(n)).execute();
    for (const contact of ["a", "b", "c"])
      await db
        .insertInto("shop_verification_requests")
        .values({ shop_id: shop.id, requested_by: user.id, contact, reason: null, status: "REJECTED" })
        .execute();

    await migrateToLatest(db);
    await db.insertInto("user_verification_requests").values(userRequest(3)).execute();
    await db
      .insertInto("shop_verification_requests")
      .values({ shop_id: shop.id, requested_by: user.id, contact: "d", reason: null })
      .execute();

    const { rows } = await sql<{ id: number; which: string }>`
      SELECT id, nin AS which FROM user_verification_requests
      UNION ALL SELECT id, contact FROM shop_verification_requests ORDER BY which`.execute(db);
    expect(rows.map((r) => r.which)).toEqual(["NIN1", "NIN2", "NIN3", "a", "b", "c", "d"]);
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The user requests keep their ids; the shop request that did not clash keeps its own.
    expect(ids.slice(0, 2)).toEqual([1, 2]);
    expect(rows.find((r) => r.which === "c")?.id).toBe(3);
    expect(
      Math.min(rows.find((r) => r.which === "NIN3")!.id, rows.find((r) => r.which === "d")!.id),
    ).toBeGreaterThan(
      Math.max(...ids.slice(0, 2), ...rows.filter((r) => ["a", "b", "c"].includes(r.which)).map((r) => r.id)),
    );
  });
});
