import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aShop } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// Two of spec §7's calls as the spec itself writes them, over the socket to the real server:
// `POST shop/` with `profile_image: null, cover_image: null`, and `GET chat/room/{token}`.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("spec §7's own forms (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let owner: Signed;
  let shopper: Signed;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, shopper] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
  });
  afterAll(() => server?.close());

  it("opens a shop from the spec's body, whose null pictures mean no picture", async () => {
    const category = (await aCategory(server.db, { name: "Electronics" })).id;
    const created = await call("POST", "shop/", {
      json: {
        name: "Null Pictures Hub",
        category: [category],
        token: owner.key,
        location_latitude: 0.3136,
        location_longitude: 32.5811,
        bio: "",
        email: "",
        phone: "0772123456",
        profile_image: null,
        cover_image: null,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Null Pictures Hub",
      display_image: null,
      cover_image: null,
    });
  });

  it("answers chat/room/{token}: the caller's latest room, signed in by the path's token", async () => {
    const shopId = (await aShop(server.db, { owner_id: owner.id, name: `Token Room ${kind}` })).id;
    // No room yet: nothing to show, but the token is accepted (not 401).
    expect((await call("GET", `chat/room/${shopper.key}`)).status).toBe(404);
    const opened = await call("GET", `chat/room/get-room/${shopId}`, { token: shopper.key });
    expect(opened.status).toBe(200);
    const room = await call("GET", `chat/room/${shopper.key}`);
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    expect(room.body.data.data.shop.id).toBe(shopId);
    expect(room.body.data.data.customer.id).toBe(shopper.id);
    // The slug form is as before; an unknown token or slug without a header is still 401.
    const bySlug = await call("GET", `chat/room/${opened.body.data.slug}`, { token: shopper.key });
    expect(bySlug.body).toEqual(room.body);
    expect((await call("GET", "chat/room/not-a-token")).status).toBe(401);
    expect((await call("GET", `chat/room/${opened.body.data.slug}`)).status).toBe(401);
  });
});
