import { z } from "zod";

// The HTTP_* variables: limits for slow or stalled clients (phones on slow networks, and slowloris
// attacks). Part of the configuration (config.ts).

export interface HttpLimits {
  /** The request line and headers must arrive within this (ms). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (ms). */
  requestTimeoutMs: number;
  /** A connection with no traffic this long is closed (ms). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is kept this long between requests (ms). */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are refused. */
  maxConnections: number;
  /** Connections open at once from one client address (an IPv6 /64); more from it are refused. */
  maxConnectionsPerAddress: number;
}

const seconds = (max: number) =>
  z.coerce
    .number({ error: `must be a whole number of seconds from 1 to ${max}` })
    .int(`must be a whole number of seconds from 1 to ${max}`)
    .min(1, `must be a whole number of seconds from 1 to ${max}`)
    .max(max, `must be a whole number of seconds from 1 to ${max}`);
const httpLimitsVariables = z
  .object({
    HTTP_HEADERS_TIMEOUT_SECONDS: seconds(600).default(30),
    HTTP_REQUEST_TIMEOUT_SECONDS: seconds(3600).default(300),
    HTTP_IDLE_TIMEOUT_SECONDS: seconds(3600).default(60),
    HTTP_KEEP_ALIVE_SECONDS: seconds(600).default(72),
    HTTP_MAX_CONNECTIONS: z.coerce
      .number({ error: "must be a number of connections from 1 to 1000000" })
      .int()
      .min(1)
      .max(1_000_000)
      .default(2000),
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
      .number({ error: "must be a number of connections from 1 to 1000000" })
      .int()
      .min(1)
      .max(1_000_000)
      // Phones behind one carrier NAT share an address, and a script fetching in parallel opens
      // dozens of connections (undici): 256 of 2000 still leaves most of the server to others.
      .default(256),
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS)
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_SECONDS"],
        message: "cannot be longer than HTTP_REQUEST_TIMEOUT_SECONDS",
      });
  });

/** The HTTP_* variables parsed into the server's limits. */
export const httpLimitsSchema = httpLimitsVariables.transform(
  (h): HttpLimits => ({
    headersTimeoutMs: h.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: h.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    idleTimeoutMs: h.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: h.HTTP_KEEP_ALIVE_SECONDS * 1000,
    maxConnections: h.HTTP_MAX_CONNECTIONS,
    maxConnectionsPerAddress: h.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
  }),
);
