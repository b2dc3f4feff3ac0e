import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction.js";

describe("log redaction", () => {
  it("hides tokens carried in paths and query strings", () => {
    expect(redactUrl("/api/shop/shop/getshopsunderauser/abc123secret/")).toBe(
      "/api/shop/shop/getshopsunderauser/[redacted]/",
    );
    expect(redactUrl("/api/shop/chat/room/9f8e7d?x=1")).toBe("/api/shop/chat/room/[redacted]?x=1");
    expect(redactUrl("/reset-password-link?email=a%40b.ug&otp=12345")).toBe(
      "/reset-password-link?email=a%40b.ug&otp=[redacted]",
    );
    expect(redactUrl("/api/shop/product/paginated/?page=2&page_size=8")).toBe(
      "/api/shop/product/paginated/?page=2&page_size=8",
    );
  });
});
