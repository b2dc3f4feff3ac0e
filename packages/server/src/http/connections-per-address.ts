import { BlockList, isIPv4, type Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import { addressKey, unmapped } from "./client-address.js";

// Open connections per client address (HTTP_MAX_CONNECTIONS_PER_ADDRESS): one address that opens
// connections and never finishes its requests holds at most this many of HTTP_MAX_CONNECTIONS, so
// every other client is still served. Counted per the socket's address key (client-address.ts: an
// IPv6 client by its /64). A connection from a trusted proxy (TRUST_PROXY) carries many clients and
// is not counted: the proxy in front bounds its clients' connections itself.

const NAMED_RANGES: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** Whether a socket's address is a trusted proxy: every address when TRUST_PROXY counts hops. */
export function trustedProxies(trust: Config["trustProxy"]): (address: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === "number") return () => trust > 0;
  const list = new BlockList();
  for (const entry of trust) {
    for (const [address, bits, family] of NAMED_RANGES[entry] ?? []) list.addSubnet(address, bits, family);
    if (NAMED_RANGES[entry]) continue;
    const [address = "", bits] = entry.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const plain = unmapped(address);
    return list.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
  };
}

/**
 * Counts the server's connections per client address and closes at once a connection past
 * `perAddress` (as node does past maxConnections: the client sees the connection closed).
 */
export function capConnectionsPerAddress(
  server: { on(event: "connection", listener: (socket: Socket) => void): unknown },
  options: { perAddress: number; trusted: (address: string) => boolean; log: FastifyBaseLogger },
): { open(address: string): number } {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.trusted(address)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= options.perAddress) {
      options.log.debug({ address: key, open: count }, "connection refused: too many from one address");
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
  return { open: (address) => open.get(addressKey(address)) ?? 0 };
}
