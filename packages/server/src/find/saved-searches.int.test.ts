import { SAVED_SEARCHES_MAX, savedSearchWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aProduct } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// Saved searches: a signed-in user keeps up to 20 browse queries; visitors get 401, another user's
// search is a 404 to everyone else, and a query browse would refuse is refused when saved.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("saved searches (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let amina: Signed;
  let brian: Signed;
  let categoryId: number;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [amina, brian] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
    categoryId = (await aCategory(server.db, { name: "Home" })).id;
  });
  afterAll(() => server?.close());

  const save = (who: Signed | undefined, name: string, query: string) =>
    call("POST", "saved-search/", { ...(who && { token: who.key }), json: { name, query } });
  const list = async (who: Signed) => {
    const answer = await call("GET", "saved-search/", { token: who.key });
    expect(answer.status).toBe(200);
    return answer.body.data.map((s: unknown) => savedSearchWire.parse(s));
  };

  it("saves, lists and deletes a user's own searches", async () => {
    const saved = await save(
      amina,
      "Papyrus baskets",
      `category=${categoryId}&price_max=50000&sort=price_asc`,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const data = savedSearchWire.parse(saved.body.data);
    expect(data).toMatchObject({
      name: "Papyrus baskets",
      query: `category=${categoryId}&price_max=50000&sort=price_asc`,
    });
    expect(Number.isNaN(Date.parse(data.created_at))).toBe(false);
    const second = await save(amina, "Near me", "?near=0.3163,32.5822&radius_km=5");
    expect(second.body.data.query).toBe("near=0.3163,32.5822&radius_km=5");
    expect((await list(amina)).map((s: { name: string }) => s.name)).toEqual(["Near me", "Papyrus baskets"]);
    expect(await list(brian)).toEqual([]);

    const removed = await call("DELETE", `saved-search/${data.id}/`, { token: amina.key });
    expect(removed.status).toBe(204);
    expect((await list(amina)).map((s: { name: string }) => s.name)).toEqual(["Near me"]);
    expect((await call("DELETE", `saved-search/${data.id}/`, { token: amina.key })).status).toBe(404);
  });

  it("keeps the newest product id when saved, so new matches are the ones after it", async () => {
    const product = await aProduct(server.db, { category_id: categoryId });
    const saved = await save(brian, "Home", `category=${categoryId}`);
    const row = await server.db
      .selectFrom("saved_searches")
      .select("last_product_id")
      .where("id", "=", saved.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.last_product_id).toBe(product.id);
  });

  it("answers visitors 401 and other users 404", async () => {
    const saved = await save(amina, "Mine", "q=basket");
    const id = saved.body.data.id;
    expect((await save(undefined, "Visitor", "q=basket")).status).toBe(401);
    expect((await call("GET", "saved-search/")).status).toBe(401);
    expect((await call("DELETE", `saved-search/${id}/`)).status).toBe(401);
    const other = await call("DELETE", `saved-search/${id}/`, { token: brian.key });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("saved_search_not_found");
    expect((await list(amina)).map((s: { id: number }) => s.id)).toContain(id);
  });

  it("refuses a query browse would refuse, and a search past the most kept", async () => {
    for (const query of ["price_min=cheap", "district=Atlantis", "sort=nearest", "value=999999"]) {
      const refused = await save(brian, "Bad", query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.query, query).toHaveLength(1);
    }
    const fresh = await aSignedInUser(server);
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++)
      expect((await save(fresh, `S${i}`, `q=s${i}`)).status).toBe(201);
    const over = await save(fresh, "One more", "q=more");
    expect(over.status).toBe(400);
    expect(over.body.code).toBe("too_many_saved_searches");
    expect(await list(fresh)).toHaveLength(SAVED_SEARCHES_MAX);
  });
});
