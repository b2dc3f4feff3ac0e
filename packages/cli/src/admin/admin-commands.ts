import {
  adminServerMessages,
  mediaUrl,
  messages,
  type VerificationReview,
  type VerificationReviewQuery,
} from "@katale/domain";
import { adminFailure, approveVerification, decideWithReason, setAdminRole } from "@katale/domain/admin";
import { type Command, Option } from "commander";
import { CliFailure, EXIT_FAILURE } from "../cli-failure.js";
import type { Invocation, Invoke } from "../invocation.js";
import { adminCliMessages as text } from "./admin-cli-messages.js";
import { renderDecision, renderRoleChange, renderVerificationRequests } from "./admin-render.js";
import { adminDone, adminFailureOf, adminOf } from "./admin-run.js";
import {
  documentLabel,
  loadVerificationRequest,
  saveDocuments,
  verificationDetailLines,
} from "./verification-detail.js";

function requestId(run: Invocation, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) return run.usageError(text.badId(value));
  return Number(value);
}

/**
 * `katale admin verifications|approve|reject|revoke|grant|revoke-admin`: the verification review
 * and the admin role, on the stored session of an admin.
 */
export function registerAdminCommands(program: Command, invoke: Invoke): void {
  const admin = program
    .command("admin")
    .description(
      "review verification requests, grant the admin role, moderate reports and read the audit log (admins)",
    );

  admin
    .command("verifications")
    .description("list the users' and shops' verification requests, newest first, 20 a page")
    .addOption(new Option("--kind <kind>", "whose requests").choices(["user", "shop", "all"]).default("all"))
    .addOption(
      new Option("--status <status>", "which requests")
        .choices(["pending", "verified", "rejected", "all"])
        .default("all"),
    )
    .option("--search <text>", "only those whose applicant's name, e-mail, phone or shop matches")
    .option("--page <n>", "the page", "1")
    .action(
      async (
        options: {
          kind: "user" | "shop" | "all";
          status: VerificationReviewQuery["status"];
          search?: string;
          page: string;
        },
        command: Command,
      ) => {
        const run = invoke(command);
        if (!/^\d+$/.test(options.page) || Number(options.page) < 1)
          return run.usageError(text.badPage(options.page));
        const admin = adminOf(run);
        const query = {
          kind: options.kind,
          status: options.status,
          ...(options.search && { search: options.search }),
          page: Number(options.page),
        };
        // Past the last page the service answers 'Invalid page.': said with the page asked for.
        const token = admin.storage.get("token")!;
        const listed = await admin.verificationReview.listRequests(token, query);
        if (!listed.ok && listed.error.kind !== "invalid-page")
          throw adminFailureOf(
            adminFailure(listed.error, messages.common.checkConnection),
            run.services.urls.shopUrl,
          );
        if (!listed.ok) throw new CliFailure(text.pastLastPage(query.page));
        const page = listed.value;
        run.show(page, renderVerificationRequests, (p) => ({
          count: p.count,
          page: p.page,
          has_next: p.hasNext,
          results: p.items,
        }));
      },
    );

  admin
    .command("show")
    .description("show a verification request: its fields and its documents")
    .argument("<id>", "the request's id (see admin verifications)")
    .option("--save-documents <dir>", "download the documents into this folder (made if missing)")
    .action(async (id: string, options: { saveDocuments?: string }, command: Command) => {
      const run = invoke(command);
      const admin = adminOf(run);
      const shopUrl = run.services.urls.shopUrl;
      const request = adminDone(run, await loadVerificationRequest(admin, requestId(run, id)));
      const saved =
        options.saveDocuments === undefined
          ? []
          : await saveDocuments(admin, request, options.saveDocuments, shopUrl);
      run.show(
        { request, saved },
        (shown) =>
          `${[
            ...verificationDetailLines(shown.request, shopUrl),
            ...shown.saved.map((s) =>
              "file" in s
                ? text.documentSaved(documentLabel(s.name), s.file)
                : text.documentFailed(documentLabel(s.name), s.error),
            ),
          ].join("\n")}\n`,
        (shown) => ({
          ...requestJson(shown.request, shopUrl),
          ...(options.saveDocuments === undefined ? {} : { saved: shown.saved }),
        }),
      );
      if (saved.some((s) => "error" in s)) throw new CliFailure("", EXIT_FAILURE);
    });

  admin
    .command("approve")
    .description("approve a pending request: the user or shop becomes Verified")
    .argument("<id>", "the request's id (see admin verifications)")
    .action(async (id: string, _options: object, command: Command) => {
      const run = invoke(command);
      const request = adminDone(run, await approveVerification(adminOf(run), requestId(run, id)));
      run.show({ message: adminServerMessages.approved, request }, renderDecision);
    });

  for (const [name, description, message] of [
    [
      "reject",
      "reject a pending request, with the reason the applicant is sent",
      adminServerMessages.rejected,
    ],
    [
      "revoke",
      "remove a verified user's or shop's verification, with the reason",
      adminServerMessages.revoked,
    ],
  ] as const) {
    admin
      .command(name)
      .description(description)
      .argument("<id>", "the request's id (see admin verifications)")
      .requiredOption("--reason <text>", "why (sent to the applicant)")
      .action(async (id: string, options: { reason: string }, command: Command) => {
        const run = invoke(command);
        const request = adminDone(
          run,
          await decideWithReason(adminOf(run), requestId(run, id), name, options.reason),
        );
        run.show({ message, request }, renderDecision);
      });
  }

  for (const [name, description, grant] of [
    ["grant", "make the account with this e-mail an admin", true],
    ["revoke-admin", "take the admin role from the account with this e-mail (never your own)", false],
  ] as const) {
    admin
      .command(name)
      .description(description)
      .argument("<email>", "the account's e-mail address")
      .action(async (email: string, _options: object, command: Command) => {
        const run = invoke(command);
        const changed = adminDone(run, await setAdminRole(adminOf(run), email, grant));
        run.show(changed, renderRoleChange, (c) => ({ message: c.message, account: c.account }));
      });
  }
}

/** A request in the API's own keys (snake_case), its documents' URLs made whole. */
function requestJson(r: VerificationReview, shopUrl: string) {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    submitted_at: r.submittedAt,
    decided_at: r.decidedAt,
    user: r.user,
    shop: r.shop,
    email: r.email,
    phone: r.phone,
    nin: r.nin,
    location_latitude: r.locationLatitude,
    location_longitude: r.locationLongitude,
    documents: r.documents.map((d) => ({ name: d.name, url: mediaUrl(shopUrl, d.url) ?? d.url })),
  };
}
