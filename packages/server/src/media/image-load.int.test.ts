import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { blackPng } from "../testing/hostile-images.js";
import { startTestServer, type TestServer } from "../testing/test-server.js";

// Images cannot starve logins (issue 14 MF2): a 134 KB PNG of 1×69,000,000 pixels took 14-30 s of
// CPU each, and four at once filled the thread pool that password hashing shares, so a login
// waited 34 s. Each side is now bounded as well as the area, and image jobs run a few at a time.

describe("hostile images and logins", () => {
  let server: TestServer;
  let hostile: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
    hostile = blackPng(1, 69_000_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = (token: string) => {
    const form = new FormData();
    form.append("picture", new Blob([hostile], { type: "image/png" }), "tall.png");
    return fetch(`${server.authUrl}users/update_profile_picture/`, {
      method: "PATCH",
      body: form,
      headers: { authorization: `Token ${token}` },
    });
  };

  it("refuses a 1×69,000,000 PNG with 400 at once, and a login meanwhile answers fast", async () => {
    const me = await aSignedInUser(server);
    const started = performance.now();
    const uploads = Array.from({ length: 4 }, async () => {
      // A dropped connection (the server's request timeout) counts as a failure below.
      const response = await upload(me.key).catch(() => null);
      return { response, ms: performance.now() - started };
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const loginStarted = performance.now();
    const login = await fetch(`${server.authUrl}login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: me.email, password: me.password }),
    });
    const loginMs = performance.now() - loginStarted;
    const answered = await Promise.all(uploads);
    console.info(
      `MF2: login ${Math.round(loginMs)} ms; uploads answered in ${answered.map((a) => Math.round(a.ms)).join(", ")} ms`,
    );
    expect(login.status).toBe(200);
    expect(loginMs).toBeLessThan(2000);
    for (const { response, ms } of answered) {
      expect(response?.status).toBe(400);
      expect(await response?.json()).toEqual({
        detail: "The image dimensions are too large. Please upload a smaller picture.",
        code: "invalid_input",
      });
      expect(ms).toBeLessThan(3000);
    }
  }, 180_000);

  it("keeps logins fast while 4 large photos are processed: images wait in a bounded line", async () => {
    const me = await aSignedInUser(server);
    // A 12 MP photo-like JPEG (about 8 MB) (noise does not compress): each takes seconds of decoding and encoding.
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const started = performance.now();
    const uploads = Array.from({ length: 4 }, async () => {
      const form = new FormData();
      form.append("picture", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
      const response = await fetch(`${server.authUrl}users/update_profile_picture/`, {
        method: "PATCH",
        body: form,
        headers: { authorization: `Token ${me.key}` },
      }).catch(() => null);
      return { status: response?.status, ms: performance.now() - started };
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const logins: number[] = [];
    for (let i = 0; i < 3; i++) {
      const loginStarted = performance.now();
      const login = await fetch(`${server.authUrl}login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: me.email, password: me.password }),
      });
      expect(login.status).toBe(200);
      logins.push(performance.now() - loginStarted);
    }
    const answered = await Promise.all(uploads);
    console.info(
      `MF2: logins ${logins.map(Math.round).join(", ")} ms while photos were answered in ${answered.map((a) => Math.round(a.ms)).join(", ")} ms`,
    );
    expect(answered.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // Logins finished before the last photo: they did not wait for the images.
    expect(Math.max(...logins)).toBeLessThan(2000);
  }, 180_000);
});
