import { describe, expect, it } from "vitest";
import { addressKey, trustedProxies } from "./connections-per-address.js";

describe("connections per address", () => {
  it("counts an IPv4 client by its address and an IPv6 client by its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::9")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

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
