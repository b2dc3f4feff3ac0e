import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aFaq, aFeedback } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// FAQs and the public feedback list (spec §7).

describe.each(databaseKinds())("support read routes (%s)", (kind) => {
  let server: TestServer;

  const get = async (path: string) => {
    const response = await server.app.inject({ method: "GET", url: `/api/shop/${path}` });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    await aFaq(db, { question: "How do I pay?", answer: "Pay the shop directly.", position: 2 });
    await aFaq(db, { question: "Is Katale free?", answer: "Yes, for buyers.", position: 1 });
    await aFeedback(db, {
      name: "Amina",
      email: "amina@example.ug",
      message: "Found a plumber in minutes",
      stars: 9,
      created_at: new Date("2025-03-01T10:00:00Z"),
    });
    await aFeedback(db, {
      name: "Ssali",
      email: "ssali@example.ug",
      message: "Good prices",
      stars: 6,
      created_at: new Date("2025-03-05T08:30:00Z"),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("faqs/ answers the questions in display order", async () => {
    const { status, body } = await get("faqs/");
    expect(status).toBe(200);
    expect(body.data.map((f: { question: string }) => f.question)).toEqual([
      "Is Katale free?",
      "How do I pay?",
    ]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      question: "Is Katale free?",
      answer: "Yes, for buyers.",
    });
  });

  it("faqs/feedback answers feedback newest first with stored stars, without e-mail addresses", async () => {
    const response = await server.app.inject({ method: "GET", url: "/api/shop/faqs/feedback" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("@example.ug");
    expect(response.json().data).toEqual([
      {
        id: expect.any(Number),
        name: "Ssali",
        message: "Good prices",
        stars: 6,
        date: "2025-03-05T08:30:00.000Z",
      },
      {
        id: expect.any(Number),
        name: "Amina",
        message: "Found a plumber in minutes",
        stars: 9,
        date: "2025-03-01T10:00:00.000Z",
      },
    ]);
  });
});
