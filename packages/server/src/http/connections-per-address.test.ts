import { describe, expect, it } from "vitest";
import { trustedProxies } from "./connections-per-address.js";

describe("connections per address", () => {
  it("does not count connections from trusted proxies", () => {
    expect(trustedProxies(false)("127.0.0.1")).toBe(false);
    expect(trustedProxies(1)("198.51.100.7")).toBe(true);
    const listed = trustedProxies(["loopback", "10.1.0.0/16", "198.51.100.7"]);
    expect(listed("127.0.0.1")).toBe(true);
    expect(listed("::ffff:127.0.0.1")).toBe(true);
    expect(listed("::1")).toBe(true);
    expect(listed("10.1.2.3")).toBe(true);
    expect(listed("198.51.100.7")).toBe(true);
    expect(listed("198.51.100.8")).toBe(false);
    expect(listed("10.2.0.1")).toBe(false);
  });
});
