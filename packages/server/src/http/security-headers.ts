import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

// Security headers on every answer (helmet's defaults: nosniff, no-referrer, frame and opener
// isolation, HSTS for HTTPS deployments), and a strict Content-Security-Policy on the web app's page.
// The CSP is not global: the API answers JSON, and the API reference (Swagger UI at /api/docs) and
// the development mailbox carry their own inline code.

export function installSecurityHeaders(app: FastifyInstance): void {
  // helmet's middleware is built once here. (@fastify/helmet builds it anew for every request, which
  // cost a third of the throughput of cached API answers in `npm run bench`.)
  const setHeaders = helmet({ contentSecurityPolicy: false });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
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
