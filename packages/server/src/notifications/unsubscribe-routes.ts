import { defaultChannels, type NotificationKind, notificationMailMessages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.js";
import { sendError } from "../http/error-reply.js";
import { escapeHtml } from "../mail/dev-mail-routes.js";
import { UNSUBSCRIBE_PATH, type UnsubscribeLinks } from "./unsubscribe-links.js";

// The one-click unsubscribe link of every notification e-mail (RFC 8058), shop service, no sign-in:
// the link's signature is the permission, and it can only turn one kind's e-mail off. GET shows a
// page with a button (mail scanners fetch links: a GET changes nothing); POST, as a mail client
// sends it (`List-Unsubscribe=One-Click`) or as the page's button sends it, turns it off.

const TAG = "notifications";
const t = notificationMailMessages;

const linkQuery = z.object({
  u: z.string().max(20).optional().describe("user id"),
  k: z.string().max(60).optional().describe("notification kind"),
  s: z.string().max(200).optional().describe("signature (HMAC-SHA256 with the server's secret)"),
});

const DESCRIPTION = [
  "The `List-Unsubscribe` link of notification e-mails (RFC 8058 one-click), signed by the server:",
  "GET answers an HTML page with a button; POST (any body, e.g. `List-Unsubscribe=One-Click`) turns",
  "the e-mail of that kind off for that user (the inbox and push stay as they were) and answers a page.",
  "No sign-in. A link with a wrong signature, user or kind: 400 `invalid_input`. Safe to repeat.",
].join("\n");

export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  links: UnsubscribeLinks;
}> = async (app, { db, links }) => {
  // Mail clients post a form; some post multipart. The body says nothing the link does not.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  );

  const verify = async (query: z.infer<typeof linkQuery>, reply: FastifyReply) => {
    const link = await links.verify(query.u, query.k, query.s);
    if (!link) sendError(reply, 400, "invalid_input", { detail: t.unsubscribeLinkInvalid });
    return link;
  };

  app.get(
    `/${UNSUBSCRIBE_PATH}`,
    {
      schema: {
        tags: [TAG],
        summary: "One-click unsubscribe: the page (RFC 8058)",
        description: DESCRIPTION,
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const link = await verify(request.query, reply);
      if (!link) return reply;
      const kind = t.kindName[link.kind] ?? link.kind;
      return page(
        reply,
        `<p>${escapeHtml(t.unsubscribeAsk(kind))}</p>
<form method="post"><button type="submit">${escapeHtml(t.unsubscribeButton)}</button></form>`,
      );
    },
  );

  app.post(
    `/${UNSUBSCRIBE_PATH}`,
    {
      schema: {
        tags: [TAG],
        summary: "One-click unsubscribe (RFC 8058): turns that kind's e-mail off",
        description: DESCRIPTION,
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const link = await verify(request.query, reply);
      if (!link) return reply;
      await emailOff(db, link.userId, link.kind);
      const kind = t.kindName[link.kind] ?? link.kind;
      return page(reply, `<p role="status">${escapeHtml(t.unsubscribeDone(kind))}</p>`);
    },
  );
};

/** Turns the kind's e-mail off, keeping the user's inbox and push choices (or their defaults). */
async function emailOff(db: Kysely<Database>, userId: number, kind: NotificationKind): Promise<void> {
  const fallback = defaultChannels(kind);
  await sql`
    INSERT INTO notification_settings (user_id, kind, inbox, email, push)
    SELECT id, ${kind}, ${fallback.inbox}, false, ${fallback.push} FROM users WHERE id = ${userId}
    ON CONFLICT (user_id, kind) DO UPDATE SET email = false`.execute(db);
}

function page(reply: FastifyReply, body: string) {
  return reply
    .header("cache-control", "no-store")
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .type("text/html; charset=utf-8")
    .send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.unsubscribeTitle)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 32rem; padding: 0 1rem; color: #222; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 6px; border: 0; background: #15803d; color: #fff; }
</style>
</head>
<body>
<h1>${escapeHtml(t.unsubscribeTitle)}</h1>
${body}
<p><a href="/account/notification-settings">${escapeHtml(t.unsubscribeSettings)}</a></p>
</body>
</html>
`);
}
