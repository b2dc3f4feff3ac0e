import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authPost, lastCodeFor, newIdentity } from "../testing/auth-helpers.js";
import { startSmtp } from "../testing/smtp-test-server.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// Outgoing mail: through a real SMTP server (a local `smtp-server`) when SMTP_URL is set, and the
// development mailbox at /dev/mail and /dev/mail.json, which production does not have.

/** The 5-digit code alone on a line of a raw message. */
const codeIn = (raw: string) => /^\s*(\d{5})\s*$/m.exec(raw)?.[1];

describe.each(databaseKinds())("mail (%s)", (kind) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({
      database: kind,
      seed: "none",
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Katale <codes@katale.example>" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("sends the sign-up code through SMTP; that code verifies the account", async () => {
    const me = newIdentity();
    expect((await authPost(server, "register/", me)).status).toBe(201);
    const message = smtp.received.find((m) => m.to.includes(me.email));
    expect(message).toBeDefined();
    expect(message!.from).toBe("codes@katale.example");
    expect(message!.raw).toMatch(/^Subject: Your Katale verification code\r?$/m);
    expect(message!.raw).toMatch(new RegExp(`^To: ${me.email.replace(/[.]/g, "\\.")}\\r?$`, "m"));
    const code = codeIn(message!.raw);
    expect(code).toMatch(/^\d{5}$/);
    expect(await authPost(server, "users/verify/", { username: me.email, otp: code })).toMatchObject({
      status: 200,
    });
  });

  it("keeps a copy in the development mailbox: /dev/mail.json newest first, /dev/mail as a page", async () => {
    const first = newIdentity();
    const second = newIdentity();
    await authPost(server, "register/", first);
    await authPost(server, "register/", second);
    const response = await fetch(`${server.baseUrl}/dev/mail.json`);
    expect(response.status).toBe(200);
    const mails = (await response.json()) as {
      to: string;
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
      date: string;
    }[];
    expect(mails[0]).toEqual({
      to: second.email,
      subject: "Your Katale verification code",
      text: expect.stringContaining(lastCodeFor(server, second.email)),
      html: expect.stringContaining(lastCodeFor(server, second.email)),
      headers: {},
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(mails[1]!.to).toBe(first.email);

    const page = await fetch(`${server.baseUrl}/dev/mail`);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(`Code: <output>${lastCodeFor(server, second.email)}</output>`);
    expect(html).toContain(second.email);
  });

  it("escapes what the page shows", async () => {
    server.mailbox!.add({
      to: "x@example.ug",
      subject: "<script>alert(1)</script>",
      text: 'Hello <img src=x onerror="alert(1)"> https://example.com/?a=1&b=2',
      html: "",
    });
    const html = await (await fetch(`${server.baseUrl}/dev/mail`)).text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=2">');
  });

  it("shows the code on its own line, not five digits of a link", async () => {
    server.mailbox!.add({
      to: "port@example.ug",
      subject: "Your Katale verification code",
      text: "Open http://127.0.0.1:38213/account or use this code:\n\n40912\n",
      html: "",
    });
    const html = await (await fetch(`${server.baseUrl}/dev/mail`)).text();
    expect(html).toContain("Code: <output>40912</output>");
    expect(html).not.toContain("Code: <output>38213</output>");
  });

  it("answers 503 when the mail server cannot be reached", async () => {
    const me = newIdentity();
    await authPost(server, "register/", me);
    await smtp.close();
    const resend = await authPost(server, "users/new_otp_request/", { username: me.email });
    expect(resend).toMatchObject({
      status: 503,
      body: { detail: "We could not send the email, please try again later" },
    });
  });
});

describe("mail in production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: "none", configOverrides: { env: "production" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("has no development mailbox", async () => {
    expect(server.mailbox).toBeNull();
    for (const path of ["/dev/mail", "/dev/mail.json"]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status).toBe(404);
    }
  });
});
