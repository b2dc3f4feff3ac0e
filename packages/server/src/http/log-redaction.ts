import type { FastifyRequest } from "fastify";

// Tokens never reach the logs (DESIGN §3). Some spec §7 paths carry a token in the URL
// (shop/getshopsunderauser/{token}/, chat/room/{slug or token}); query strings may carry keys or codes.
// A secret's name may come in any spelling the server would still read or a client might use:
// `access_token`, `api-key`, `Token`, percent-encoded (`%74oken`), after `;` instead of `&`; every
// query parameter whose decoded name looks like a secret loses its value, and so does the token
// segment of those paths however it is encoded.
const TOKEN_IN_PATH = /(\/getshopsunderauser\/|\/chat\/room\/)[^/?]+/gi;
const SECRET_NAME = /token|key|otp|code|pass|pwd|secret|sig|auth|session|jwt|credential|cookie/;

/** Percent-decodes what can be decoded, leaving malformed escapes as they are. */
function lenientDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

function isSecretName(rawName: string): boolean {
  // Twice: a name encoded twice (%2574oken) reaches some servers decoded once more.
  const name = lenientDecode(lenientDecode(rawName.replaceAll("+", " "))).toLowerCase();
  return SECRET_NAME.test(name.replace(/[^a-z]/g, ""));
}

function redactQuery(query: string): string {
  return query.replace(/([^&;=]*)(=?)([^&;]*)/g, (whole, name: string, eq: string, value: string) =>
    eq && value && isSecretName(name) ? `${name}=[redacted]` : whole,
  );
}

function redactPath(path: string): string {
  const plain = path.replace(TOKEN_IN_PATH, "$1[redacted]");
  if (plain !== path) return plain;
  // The same path percent-encoded (%67etshopsunderauser) still reaches the route.
  const decoded = lenientDecode(path);
  TOKEN_IN_PATH.lastIndex = 0;
  return TOKEN_IN_PATH.test(decoded) ? decoded.replace(TOKEN_IN_PATH, "$1[redacted]") : path;
}

export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return redactPath(url);
  return `${redactPath(url.slice(0, at))}?${redactQuery(url.slice(at + 1))}`;
}

export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  // The chat socket's `bearer.<token>` subprotocol (issue 11).
  'req.headers["sec-websocket-protocol"]',
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
