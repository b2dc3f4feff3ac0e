import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { FEEDBACK_PER_WINDOW } from "./support-routes.js";

// Leaving feedback (spec §7 POST faqs/feedback/): no login, stars stored 0–10, bad input is a 400
// with a message, and one address cannot flood the public list.

describe.each(databaseKinds())("POST faqs/feedback/ (%s)", (kind) => {
  let server: TestServer;
  let address = 0;

  /** Each call comes from its own client address unless one is given (the limit is per address). */
  const post = async (payload: unknown, remoteAddress = `10.0.0.${++address}`) => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/shop/faqs/feedback/",
      remoteAddress,
      ...(typeof payload === "string"
        ? { payload, headers: { "content-type": "application/json" } }
        : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const listed = async () =>
    (await server.app.inject({ method: "GET", url: "/api/shop/faqs/feedback" })).json().data as {
      name: string;
      message: string;
      stars: number;
    }[];

  const feedback = { name: "Nakato", email: "nakato@example.ug", message: "Quick replies", stars: 9 };

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("stores the feedback and answers it as published, without the e-mail address", async () => {
    const { status, body } = await post(feedback);
    expect(status).toBe(201);
    expect(body).toEqual({
      data: {
        id: expect.any(Number),
        name: "Nakato",
        message: "Quick replies",
        stars: 9,
        date: expect.any(String),
      },
    });
    expect(Date.now() - Date.parse(body.data.date)).toBeLessThan(60_000);
    const list = await listed();
    expect(list[0]).toMatchObject({ name: "Nakato", message: "Quick replies", stars: 9 });
    expect(JSON.stringify(list)).not.toContain("nakato@example.ug");
  });

  it("shows new feedback at once although the list was read (and cached) before", async () => {
    await listed();
    await post({ ...feedback, message: "Second thoughts: great" });
    expect((await listed())[0]?.message).toBe("Second thoughts: great");
  });

  it("keeps the stored 0–10 value at both ends and accepts stars sent as a string", async () => {
    expect((await post({ ...feedback, stars: 0 })).body.data.stars).toBe(0);
    expect((await post({ ...feedback, stars: 10 })).body.data.stars).toBe(10);
    expect((await post({ ...feedback, stars: "7" })).body.data.stars).toBe(7);
  });

  it.each([
    ["a missing name", { ...feedback, name: undefined }, "name"],
    ["a blank name", { ...feedback, name: "   " }, "name"],
    ["a missing message", { ...feedback, message: undefined }, "message"],
    ["a bad e-mail address", { ...feedback, email: "nakato@" }, "email"],
    ["stars above 10", { ...feedback, stars: 11 }, "stars"],
    ["negative stars", { ...feedback, stars: -1 }, "stars"],
    ["half stars (the wire carries whole 0–10 values)", { ...feedback, stars: 4.5 }, "stars"],
    ["stars that are not a number", { ...feedback, stars: "many" }, "stars"],
    ["a message over 4000 characters", { ...feedback, message: "x".repeat(4001) }, "message"],
  ])("refuses %s with a 400 naming the field", async (_what, payload, field) => {
    const { status, body } = await post(payload);
    expect(status).toBe(400);
    expect(body.detail).toContain(field);
    expect(body.code).toBe("invalid_input");
  });

  it.each([
    ["malformed JSON", "{ name: "],
    ["a body that is not an object", "[1, 2]"],
    ["a NUL byte in a text", JSON.stringify({ ...feedback, name: "Na\u0000kato" })],
  ])("answers %s with a 400 and a message, never a 500", async (_what, raw) => {
    const { status, body } = await post(raw);
    expect(status).toBe(400);
    expect(body.detail).toEqual(expect.any(String));
    expect(body.code).toBe("invalid_input");
  });

  it("stores nothing when it refuses", async () => {
    const before = (await listed()).length;
    await post({ ...feedback, stars: 11, message: "refused" });
    expect(await listed()).toHaveLength(before);
  });

  it(`lets one address leave ${FEEDBACK_PER_WINDOW} in a row, then answers 429 with a message`, async () => {
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) {
      expect((await post({ ...feedback, message: `note ${i}` }, "10.9.9.9")).status).toBe(201);
    }
    const refused = await post({ ...feedback, message: "one too many" }, "10.9.9.9");
    expect(refused).toEqual({
      status: 429,
      body: {
        detail: "You have sent a lot of feedback just now. Please try again later.",
        code: "rate_limited",
      },
    });
    expect((await post({ ...feedback, message: "someone else" }, "10.9.9.10")).status).toBe(201);
  });
});
