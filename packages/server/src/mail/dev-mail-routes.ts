import { type DevMailWire, devMailWire } from "@katale/adapters-http/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DevMailbox } from "./dev-mailbox.js";

// The development mailbox (DESIGN §2): GET /dev/mail for people, GET /dev/mail.json for tests and
// tools, newest first. Registered only outside production (app.ts).

const TAG = "development";
// A code stands on a line of its own; five digits elsewhere (a port in a link) are not one.
const CODE = /^[ \t]*(\d{5})[ \t]*$/m;
const LINK = /\bhttps?:\/\/[^\s<>"]+/g;

export const devMailRoutes: FastifyPluginAsyncZod<{ mailbox: DevMailbox }> = async (app, { mailbox }) => {
  app.get(
    "/dev/mail.json",
    {
      schema: {
        tags: [TAG],
        summary: "Messages the server sent, newest first (development only)",
        response: { 200: z.array(devMailWire) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return mailbox.list();
    },
  );

  app.get(
    "/dev/mail",
    { schema: { tags: [TAG], summary: "The development mailbox as a page (development only)" } },
    async (_request, reply) =>
      reply
        .header("cache-control", "no-store")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .type("text/html; charset=utf-8")
        .send(renderMailbox(mailbox.list())),
  );
};

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** The text of a message with its links clickable; everything escaped. */
function renderText(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The message's further header fields, links clickable (an unsubscribe link can be followed by hand). */
function renderHeaders(headers: Record<string, string>): string {
  const rows = Object.entries(headers).map(
    ([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${renderText(value)}</dd>`,
  );
  return rows.length === 0 ? "" : `<dl class="headers">${rows.join("")}</dl>`;
}

export function renderMailbox(messages: DevMailWire[]): string {
  const items = messages.map((m) => {
    const code = CODE.exec(m.text)?.[1];
    return `<article>
  <header><time datetime="${escapeHtml(m.date)}">${escapeHtml(m.date)}</time> to <b>${escapeHtml(m.to)}</b></header>
  <h2>${escapeHtml(m.subject)}</h2>
  ${renderHeaders(m.headers)}
  ${code ? `<p class="code">Code: <output>${escapeHtml(code)}</output></p>` : ""}
  <pre>${renderText(m.text)}</pre>
</article>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Katale development mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 48rem; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ddd; border-radius: 8px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
  header { color: #666; font-size: 0.9rem; }
  h2 { font-size: 1.1rem; margin: 0.4rem 0; }
  .code output { font-size: 1.6rem; font-weight: bold; letter-spacing: 0.2em; color: #b91c1c; }
  .headers { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.5rem; font-size: 0.85rem; color: #444; }
  .headers dd { margin: 0; word-break: break-all; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f7f7f7; padding: 0.5rem; border-radius: 4px; }
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>${messages.length === 0 ? "No messages yet." : `${messages.length} message${messages.length === 1 ? "" : "s"}, newest first. As JSON: <a href="/dev/mail.json">/dev/mail.json</a>.`}</p>
${items.join("\n")}
</body>
</html>
`;
}
