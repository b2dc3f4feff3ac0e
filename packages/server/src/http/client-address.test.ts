import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address.js";

describe("client address keys", () => {
  it("keys an IPv4 client by its address", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("203.0.113.10")).not.toBe(addressKey("203.0.113.9"));
  });

  it("keys an IPv4-mapped IPv6 address as the IPv4 client", () => {
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::FFFF:203.0.113.9")).toBe("203.0.113.9");
  });

  it("keys an IPv6 client by its /64, however the address is written", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0DB8:0001:0002::ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::")).toBe("2001:db8:1:2::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("2001:db8::9")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("gives neighbouring /64s keys of their own", () => {
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
    expect(addressKey("2001:db8:1:2:0:0:0:1")).toBe(addressKey("2001:db8:1:2:ffff::1"));
  });
});
