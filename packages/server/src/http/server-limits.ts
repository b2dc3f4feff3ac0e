import type { Socket } from "node:net";
import type { ErrorCode } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";
import { capConnectionsPerAddress, trustedProxies } from "./connections-per-address.js";

// What the HTTP server allows a connection (config HTTP_*): slow phones get minutes to send a
// request, a stalled or trickling client is dropped instead of holding a connection for ever, and
// the number of connections is bounded, in all and per client address. Refusals made by node's HTTP parser (headers too large, a
// request that did not arrive in time, bytes that are not HTTP) get the usual error body too.

/** The client address: `hops` proxies in front, or only the listed proxies trusted. */
export function trustProxyOption(trust: Config["trustProxy"]): FastifyServerOptions["trustProxy"] {
  if (trust === false) return false;
  // Fastify's own number option trusts no hop at all; proxy-addr calls this with the socket's
  // address as hop 0, then X-Forwarded-For from its right end.
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust;
}

export function serverOptions(config: Config) {
  const limits = config.httpLimits;
  return {
    trustProxy: trustProxyOption(config.trustProxy),
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often node looks for requests past their time (30 s by default, longer than short limits).
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(100, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
      ),
    },
    clientErrorHandler,
  };
}

/** Call once the server exists (before listen): the connections in all, and per client address. */
export function applyConnectionLimit(app: FastifyInstance, config: Config): void {
  app.server.maxConnections = config.httpLimits.maxConnections;
  capConnectionsPerAddress(app.server, {
    perAddress: config.httpLimits.maxConnectionsPerAddress,
    trusted: trustedProxies(config.trustProxy),
    log: app.log,
  });
}

const REASONS = {
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
  400: "Bad Request",
} as const;

function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection is gone: nothing to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  let status: keyof typeof REASONS = 400;
  let code: ErrorCode = "invalid_input";
  let detail: string = messages.api.unreadableRequest;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    [status, code, detail] = [408, "request_timeout", messages.api.requestTimeout];
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    [status, code, detail] = [431, "too_large", messages.api.headersTooLarge];
  }
  // Never the request's bytes: they may hold a token.
  this.log.debug({ code: error.code, status }, "client error");
  if (socket.writable) {
    const body = JSON.stringify({ detail, code });
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
