import { isIPv4, isIPv6 } from "node:net";
import type { FastifyRequest } from "fastify";

// The one key a client address counts under wherever an address is a limit key (rate limits, wrong
// passwords and codes, the daily code shares, open connections): an IPv4 client by its address, an
// IPv6 client by its /64. A subscriber (a phone, a home) is usually given a whole /64 and may pick a
// new address in it at will, so counting per IPv6 address would give one client millions of
// allowances. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is the IPv4 client 1.2.3.4.

/** `::ffff:1.2.3.4` is the IPv4 client 1.2.3.4; any other address is returned as it is. */
export const unmapped = (address: string): string =>
  address.toLowerCase().startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;

/** The key an address counts under: an IPv4 address, or the first 64 bits of an IPv6 one (`a:b:c:d::/64`). */
export function addressKey(address: string): string {
  const plain = unmapped(address);
  if (!isIPv6(plain)) return plain;
  const [head = "", tail] = plain.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The limit key of a request's client (request.ip: the socket's, or X-Forwarded-For's behind TRUST_PROXY). */
export const clientKey = (request: FastifyRequest): string => addressKey(request.ip);
