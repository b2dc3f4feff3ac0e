import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellerCaller } from "../../products/seller-test-client.js";
import { aSignedInUser } from "../../testing/auth-helpers.js";
import { aShop } from "../../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../../testing/test-server.js";
import { deliverPush } from "./push-delivery.js";
import type { PushOutcome } from "./push-sender.js";
import { VapidKeys } from "./vapid-keys.js";

// Web push end to end: a local HTTP server stands in for the browsers' push service; the test holds
// each subscription's private key and auth secret, as a browser does, and decrypts what arrives
// (RFC 8291 over RFC 8188 aes128gcm, with node:crypto alone), and checks the VAPID signature
// (RFC 8292) against the key the server publishes.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

interface Received {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A browser's side of a subscription: its key pair, its auth secret, and where its pushes go. */
interface Browser {
  readonly ecdh: ECDH;
  readonly auth: Buffer;
  readonly endpoint: string;
  readonly path: string;
}

/** The plain text of an aes128gcm body (one record) encrypted to the browser's keys. */
function decrypt(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(
    hkdfSync("sha256", browser.ecdh.computeSecret(serverKey), browser.auth, keyInfo, 32),
  );
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record's delimiter (2), then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

/** The VAPID header's claims, once its ES256 signature is checked against `publicKey`. */
function vapidClaims(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, token = "", key = ""] = match!;
  expect(key).toBe(publicKey);
  const point = Buffer.from(key, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33).toString("base64url"),
  };
  const [header = "", payload = "", signature = ""] = token.split(".");
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

describe.each(databaseKinds())("web push (%s)", (kind) => {
  let server: TestServer;
  let pushService: Server;
  let pushOrigin: string;
  const received: Received[] = [];
  /** What the push service answers per path (201 unless set). */
  const answers = new Map<string, number>();
  const call = sellerCaller(() => server);
  let browsers = 0;

  const aBrowser = (): Browser => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    browsers += 1;
    const path = `/push/${kind}-${browsers}-${randomUUID()}`;
    return { ecdh, auth: randomBytes(16), path, endpoint: `${pushOrigin}${path}` };
  };
  const subscription = (browser: Browser) => ({
    endpoint: browser.endpoint,
    keys: {
      p256dh: browser.ecdh.getPublicKey().toString("base64url"),
      auth: browser.auth.toString("base64url"),
    },
  });
  const subscribe = async (user: Signed, browser: Browser) => {
    const answer = await call("POST", "notifications/push/subscribe/", {
      token: user.key,
      json: subscription(browser),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };
  const pushOn = async (user: Signed, on = true) => {
    const answer = await call("PUT", "notifications/settings/", {
      token: user.key,
      json: { settings: { new_follower: { inbox: true, email: true, push: on } } },
    });
    expect(answer.status).toBe(200);
  };
  const at = (browser: Browser) => received.filter((r) => r.path === browser.path);
  const subscriptionsOf = async (user: Signed) =>
    (
      await server.db
        .selectFrom("push_subscriptions")
        .select("endpoint")
        .where("user_id", "=", user.id)
        .execute()
    ).map((row) => row.endpoint);
  /** A new follower of the shop, as the queue hands it to the push channel. */
  const followerEvent = (shopId: number, actorId: number) => ({
    kind: "new_follower" as const,
    shop_id: shopId,
    actor_id: actorId,
    event_id: randomUUID(),
  });

  beforeAll(async () => {
    pushService = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const path = request.url ?? "";
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(answers.get(path) ?? 201).end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
    pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    server = await startTestServer({ database: kind, seed: "none" });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => pushService?.close(resolve));
  });

  it("pushes a new follower to the owner's browser, encrypted to its keys and signed with the server's key", async () => {
    const [owner, fan] = [await aSignedInUser(server), await aSignedInUser(server)];
    const shop = await aShop(server.db, { owner_id: owner.id, name: "Kikuubo Phones" });
    const phone = aBrowser();
    await subscribe(owner, phone);
    await pushOn(owner);
    const key = await call("GET", "notifications/push/key/");
    expect(key.status).toBe(200);
    const publicKey = key.body.public_key as string;
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);

    expect((await call("POST", "shop/follow/", { token: fan.key, json: { shop_id: shop.id } })).status).toBe(
      201,
    );
    await expect.poll(() => at(phone).length, { timeout: 15_000 }).toBe(1);
    const push = at(phone)[0]!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const shown = JSON.parse(decrypt(push.body, phone));
    expect(shown).toEqual({
      title: "Kikuubo Phones has a new follower",
      body: "",
      url: "/account/admin-shop/Kikuubo%20Phones",
      tag: push.headers.topic,
    });
    const claims = vapidClaims(String(push.headers.authorization), publicKey);
    expect(claims.aud).toBe(pushOrigin);
    expect(String(claims.sub)).toMatch(/^(mailto:|https:)/);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
  });

  it("pushes an event once, however often (or on however many runners) its job runs", async () => {
    const [owner, fan] = [await aSignedInUser(server), await aSignedInUser(server)];
    const shop = await aShop(server.db, { owner_id: owner.id });
    const [phone, laptop] = [aBrowser(), aBrowser()];
    await subscribe(owner, phone);
    await subscribe(owner, laptop);
    await pushOn(owner);
    const vapid = new VapidKeys(server.db, server.config);
    const event = followerEvent(shop.id, fan.id);
    // A run that meets the other's claims leaves them to it and fails, to be run again later.
    const runs = await Promise.allSettled([
      deliverPush(server.db, vapid, event),
      deliverPush(server.db, vapid, event),
    ]);
    for (const run of runs)
      if (run.status === "rejected") expect(String(run.reason)).toMatch(/claimed by another run/);
    await deliverPush(server.db, vapid, event);
    await deliverPush(server.db, vapid, event);
    expect([at(phone).length, at(laptop).length]).toEqual([1, 1]);
    expect(JSON.parse(decrypt(at(laptop)[0]!.body, laptop)).title).toBe(`${shop.name} has a new follower`);
  });

  it("sends a push whose runner died before the push service answered once, when its claim runs out", async () => {
    const [owner, fan] = [await aSignedInUser(server), await aSignedInUser(server)];
    const shop = await aShop(server.db, { owner_id: owner.id });
    const phone = aBrowser();
    await subscribe(owner, phone);
    await pushOn(owner);
    const vapid = new VapidKeys(server.db, server.config);
    const event = followerEvent(shop.id, fan.id);
    const claims = () =>
      server.db
        .selectFrom("notification_receipts")
        .select("pending_until")
        .where("event_id", "=", event.event_id)
        .where("channel", "like", "push:%")
        .execute();

    // The runner claims the push and is killed while the push service has not answered.
    let reached!: () => void;
    const killed = new Promise<void>((resolve) => {
      reached = resolve;
    });
    void deliverPush(server.db, vapid, event, () => {
      reached();
      return new Promise<PushOutcome>(() => {});
    });
    await killed;
    expect(at(phone)).toHaveLength(0);

    // The job runs again at once (the queue took it back): the claim may still be answered.
    await expect(deliverPush(server.db, vapid, event)).rejects.toThrow(/claimed by another run/);
    expect(at(phone)).toHaveLength(0);

    // Its time is up: the next run sends it, once, and the one after sends nothing.
    const [claim] = await claims();
    expect(claim?.pending_until).not.toBeNull();
    await server.db
      .updateTable("notification_receipts")
      .set({ pending_until: sql`now() - interval '1 second'` })
      .where("event_id", "=", event.event_id)
      .execute();
    await deliverPush(server.db, vapid, event);
    await deliverPush(server.db, vapid, event);
    expect(at(phone)).toHaveLength(1);
    const shown = JSON.parse(decrypt(at(phone)[0]!.body, phone));
    expect(shown.tag).toBe(at(phone)[0]!.headers.topic);
    expect(await claims()).toEqual([{ pending_until: null }]);
  });

  it("turns push on for every kind at a user's first subscription; later ones leave their choices", async () => {
    const owner = await aSignedInUser(server);
    const pushes = async () => {
      const answer = await call("GET", "notifications/settings/", { token: owner.key });
      const settings = (answer.body as { settings: Record<string, { push: boolean }> }).settings;
      return Object.entries(settings)
        .filter(([, choices]) => choices.push)
        .map(([kind]) => kind);
    };
    expect(await pushes()).toEqual([]);
    await subscribe(owner, aBrowser());
    const all = await pushes();
    expect(all).toHaveLength(8);
    const settings = await call("GET", "notifications/settings/", { token: owner.key });
    // E-mail as it was: the defaults, push aside.
    expect((settings.body as { settings: Record<string, unknown> }).settings.review_on_my_product).toEqual({
      inbox: true,
      email: false,
      push: true,
    });
    await pushOn(owner, false);
    await subscribe(owner, aBrowser());
    expect(await pushes()).toEqual(all.filter((kind) => kind !== "new_follower"));
  });

  it("pushes nothing to a user who turned the kind's push off, nor to an endpoint unsubscribed", async () => {
    const [owner, fan] = [await aSignedInUser(server), await aSignedInUser(server)];
    const shop = await aShop(server.db, { owner_id: owner.id });
    const [phone, laptop] = [aBrowser(), aBrowser()];
    await subscribe(owner, phone);
    await subscribe(owner, laptop);
    await pushOn(owner, false);
    const vapid = new VapidKeys(server.db, server.config);
    await deliverPush(server.db, vapid, followerEvent(shop.id, fan.id));
    expect([at(phone).length, at(laptop).length]).toEqual([0, 0]);

    await pushOn(owner);
    const gone = await call("DELETE", "notifications/push/subscribe/", {
      token: owner.key,
      json: { endpoint: laptop.endpoint },
    });
    expect(gone.status).toBe(204);
    await deliverPush(server.db, vapid, followerEvent(shop.id, fan.id));
    expect([at(phone).length, at(laptop).length]).toEqual([1, 0]);
  });

  it("drops a subscription its push service answers 410 for, and tries a failed push again", async () => {
    const [owner, fan] = [await aSignedInUser(server), await aSignedInUser(server)];
    const shop = await aShop(server.db, { owner_id: owner.id });
    const [expired, flaky] = [aBrowser(), aBrowser()];
    answers.set(expired.path, 410);
    answers.set(flaky.path, 503);
    await subscribe(owner, expired);
    await subscribe(owner, flaky);
    await pushOn(owner);
    const vapid = new VapidKeys(server.db, server.config);
    const event = followerEvent(shop.id, fan.id);

    await expect(deliverPush(server.db, vapid, event)).rejects.toThrow(/1 of 2 pushes failed/);
    expect(await subscriptionsOf(owner)).toEqual([flaky.endpoint]);
    expect([at(expired).length, at(flaky).length]).toEqual([1, 1]);

    // The push service is back: the job's next run pushes what failed, and only that.
    answers.delete(flaky.path);
    await deliverPush(server.db, vapid, event);
    expect([at(expired).length, at(flaky).length]).toEqual([1, 2]);
    expect(JSON.parse(decrypt(at(flaky)[1]!.body, flaky)).url).toBe(
      `/account/admin-shop/${encodeURIComponent(shop.name)}`,
    );
    await deliverPush(server.db, vapid, event);
    expect(at(flaky)).toHaveLength(2);
  });

  it("keeps one VAPID key pair that every instance reads, unless the environment gives one", async () => {
    const first = (await call("GET", "notifications/push/key/")).body.public_key;
    expect((await call("GET", "notifications/push/key/")).body.public_key).toBe(first);
    // Another instance on the same database (its own reader, nothing in memory shared).
    expect((await new VapidKeys(server.db, server.config).get()).publicKey).toBe(first);

    // On a database without keys, instances starting together agree on the one made.
    const kept = await server.db.selectFrom("push_vapid_keys").selectAll().executeTakeFirstOrThrow();
    await sql`DELETE FROM push_vapid_keys`.execute(server.db);
    const made = await Promise.all(
      [1, 2, 3].map(() => new VapidKeys(server.db, server.config).get().then((k) => k.publicKey)),
    );
    expect(new Set(made).size).toBe(1);
    expect(made[0]).not.toBe(first);
    // The running server's keys back, as they were.
    await sql`DELETE FROM push_vapid_keys`.execute(server.db);
    await server.db
      .insertInto("push_vapid_keys")
      .values({ public_key: kept.public_key, private_key: kept.private_key })
      .execute();

    const given = { publicKey: Buffer.alloc(65, 4).toString("base64url"), privateKey: "x".repeat(43) };
    const configured = new VapidKeys(server.db, {
      ...server.config,
      push: { vapidKeys: given, subject: "mailto:ops@katale.ug" },
    });
    expect(await configured.get()).toEqual({ ...given, subject: "mailto:ops@katale.ug" });
  });

  it("keeps a subscription once per endpoint, for the user who gave it last, and refuses bad ones", async () => {
    const [me, other] = [await aSignedInUser(server), await aSignedInUser(server)];
    const browser = aBrowser();
    const body = subscription(browser);
    expect((await call("POST", "notifications/push/subscribe/", { json: body })).status).toBe(401);
    for (let n = 0; n < 2; n++) {
      const answer = await call("POST", "notifications/push/subscribe/", { token: me.key, json: body });
      expect(answer).toMatchObject({ status: 201, body: { endpoint: browser.endpoint } });
    }
    expect(await subscriptionsOf(me)).toEqual([browser.endpoint]);

    const refused = [
      { ...body, endpoint: "ftp://push.example/x" },
      { ...body, endpoint: "not a url" },
      { ...body, keys: { ...body.keys, p256dh: Buffer.alloc(33, 2).toString("base64url") } },
      { ...body, keys: { ...body.keys, auth: Buffer.alloc(8).toString("base64url") } },
      { endpoint: browser.endpoint },
      { ...body, endpoint: `https://push.example/${"x".repeat(3000)}` },
      null,
      [body],
    ];
    for (const json of refused) {
      const answer = await call("POST", "notifications/push/subscribe/", { token: me.key, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.code).toBe("invalid_input");
    }

    for (const json of [undefined, null, { endpoint: 42 }]) {
      const answer = await call("DELETE", "notifications/push/subscribe/", { token: me.key, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
    }

    // Someone else's DELETE leaves it; the same browser signed in as another user moves to them.
    const theirs = await call("DELETE", "notifications/push/subscribe/", {
      token: other.key,
      json: { endpoint: browser.endpoint },
    });
    expect(theirs.status).toBe(204);
    expect(await subscriptionsOf(me)).toEqual([browser.endpoint]);
    await subscribe(other, browser);
    expect([await subscriptionsOf(me), await subscriptionsOf(other)]).toEqual([[], [browser.endpoint]]);
    for (let n = 0; n < 2; n++) {
      const answer = await call("DELETE", "notifications/push/subscribe/", {
        token: other.key,
        json: { endpoint: browser.endpoint },
      });
      expect(answer.status).toBe(204);
    }
    expect(await subscriptionsOf(other)).toEqual([]);
  });
});

describe("web push in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: "none", configOverrides: { env: "production" } });
  });
  afterAll(() => server?.close());

  it("takes only https:// endpoints: the server posts to them", async () => {
    const user = await aSignedInUser(server);
    const call = sellerCaller(() => server);
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const keys = {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    };
    const plain = await call("POST", "notifications/push/subscribe/", {
      token: user.key,
      json: { endpoint: "http://127.0.0.1:9/push/1", keys },
    });
    expect(plain).toMatchObject({
      status: 400,
      body: { endpoint: ["The push endpoint must be an https:// URL"], code: "invalid_input" },
    });
    const secure = await call("POST", "notifications/push/subscribe/", {
      token: user.key,
      json: { endpoint: "https://fcm.googleapis.com/fcm/send/abc123", keys },
    });
    expect(secure.status).toBe(201);
  });
});
