import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

// Security headers on every answer (helmet's defaults: nosniff, no-referrer, frame and opener
// isolation, HSTS for HTTPS deployments), and a strict Content-Security-Policy on the web app's page.
// The CSP is not global: the API answers JSON, and the API reference (Swagger UI at /api/docs) and
// the development mailbox carry their own inline code.

export function installSecurityHeaders(app: FastifyInstance): void {
  // helmet's headers are the same for every answer: gathered once from its middleware, then set in
  // one call per request. (@fastify/helmet builds the middleware anew for every request, which cost a
  // third of the throughput of cached API answers in `npm run bench`; running the built middleware on
  // every request still cost 4% of a cold listing page's time, issue 13.)
  const headers = helmetHeaders();
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet's middleware (without its CSP) sets on an answer. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  let done = false;
  helmet({ contentSecurityPolicy: false })({} as never, answer as never, () => {
    done = true;
  });
  // helmet sets its headers synchronously; anything else would leave answers without them.
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}

/** Inline scripts that run (not `src=` ones, not JSON data blocks), as CSP hash sources. */
function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g);
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of scripts) {
    if (/\bsrc=/.test(attributes) || /\btype="application\/(?:ld\+)?json"/.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/**
 * The web app's policy: its own scripts only (plus the page's inline preload script by hash), no
 * eval (the app runs zod jitless), no framing (clickjacking of sign-in or account deletion), data
 * from this origin only. Inline styles stay allowed: React sets style attributes.
 */
export function pageSecurityPolicy(html: string): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
