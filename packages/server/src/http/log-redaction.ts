import type { FastifyRequest } from "fastify";

// Tokens never reach the logs (DESIGN §3). Some spec §7 paths carry a token in the URL
// (shop/getshopsunderauser/{token}/, chat/room/{slug or token}); query strings may carry keys or codes.
const TOKEN_IN_PATH = /(\/getshopsunderauser\/|\/chat\/room\/)[^/?]+/g;
const SECRET_QUERY = /([?&](?:token|key|otp|code|password|login_key|user_token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, "$1[redacted]").replace(SECRET_QUERY, "$1[redacted]");
}

export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.new_password",
  "*.old_password",
  "*.token",
  "*.key",
  "*.otp",
];

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}
