// What a lost or unreachable database looks like from the pg driver: the server's own words when it
// ends a session (a restart, a failover, pg_terminate_backend), the driver's when the socket closes,
// and the operating system's when nobody answers. Such a failure is the database being away, not a
// fault of the request: reads are tried again once (postgres-pool.ts), the rest answers 503.

const SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, in recovery
  "53300", // too_many_connections
]);

const SYSTEM_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

const DRIVER_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
];

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Class 08: connection exception.
    if (SQLSTATES.has(code) || SYSTEM_CODES.has(code) || code.startsWith("08")) return true;
  }
  // Node gives an AggregateError when every address of a host name refused.
  if (error instanceof AggregateError && error.errors.some(isConnectionError)) return true;
  return DRIVER_MESSAGES.some((m) => error.message.startsWith(m));
}

/** A one-line description of a connection failure (an AggregateError's own message is empty). */
export function describeConnectionError(error: unknown): string {
  if (error instanceof AggregateError && !error.message && error.errors.length > 0) {
    return describeConnectionError(error.errors[0]);
  }
  if (error instanceof Error)
    return error.message || String((error as { code?: unknown }).code ?? error.name);
  return String(error);
}

const READ = /^\s*(select|with)\b/i;
const WRITES = /\b(insert|update|delete|merge|nextval|setval)\b|\bfor\s+(update|share|no\s+key|key)\b/i;

/**
 * A statement that may run again after its connection was lost: a plain read outside a transaction
 * (it changed nothing whether or not it ran), or the BEGIN that opens a transaction.
 */
export function isSafeToRetry(sqlText: string): boolean {
  if (/^\s*(begin|start\s+transaction)\b/i.test(sqlText)) return true;
  return READ.test(sqlText) && !WRITES.test(sqlText);
}
