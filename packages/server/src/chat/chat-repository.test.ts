import { describe, expect, it } from "vitest";
import { newRoomSlug } from "./chat-repository.js";

describe("newRoomSlug", () => {
  it("draws 128 random bits that start with a letter or digit, so `katale chat open SLUG` works", () => {
    // One base64url string in 32 starts with "-" or "_": 5,000 draws would hold about 156 of them.
    const slugs = Array.from({ length: 5_000 }, newRoomSlug);
    for (const slug of slugs) expect(slug).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{21}$/);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
