import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import {
  err,
  mediaUrl,
  messages,
  type Result,
  type VerificationReview,
  type WordedError,
} from "@katale/domain";
import { adminFailure } from "@katale/domain/admin";
import { adminCliMessages as text } from "./admin-cli-messages.js";
import type { AdminCliServices } from "./admin-services.js";

// One verification request as the admin reviews it: its fields and its documents (`admin show`, and
// Enter on a request in the TUI), and the documents saved to a folder.

/** The request, asked of the service with the stored session. */
export async function loadVerificationRequest(
  admin: AdminCliServices,
  id: number,
): Promise<Result<VerificationReview, WordedError>> {
  const token = admin.storage.get("token");
  if (token === null) return err({ kind: "unauthorized", message: messages.common.loginFirst });
  const answer = await admin.verificationReview.getRequest(token, id);
  return answer.ok ? answer : err(adminFailure(answer.error, messages.common.checkConnection));
}

const DOCUMENT_LABELS: Record<string, string> = {
  national_id_image: "National ID",
  user_image: "Photo of the user",
  shop_image: "Photo of the shop",
};

/** A document's name as a person reads it. */
export function documentLabel(name: string): string {
  return DOCUMENT_LABELS[name] ?? name;
}

/**
 * The request's fields, a line each, then its documents: each with where it can be fetched, or
 * (`withUrls` false, the TUI's narrow screen) by name, then how to save them.
 */
export function verificationDetailLines(r: VerificationReview, shopUrl: string, withUrls = true): string[] {
  const lines = [
    `Request ${r.id} · ${r.kind} · ${r.status}`,
    `Submitted: ${r.submittedAt.slice(0, 16).replace("T", " ")}`,
  ];
  if (r.decidedAt) lines.push(`Decided: ${r.decidedAt.slice(0, 16).replace("T", " ")}`);
  if (r.reason) lines.push(`Reason: ${r.reason}`);
  lines.push(`Applicant: ${r.user.name} <${r.user.email}>, ${r.user.phone}`);
  if (r.shop) lines.push(`Shop: ${r.shop.name} (id ${r.shop.id})`);
  if (r.email) lines.push(`${r.shop ? "Contact" : "E-mail"}: ${r.email}`);
  if (r.phone) lines.push(`Phone: ${r.phone}`);
  if (r.nin) lines.push(`National ID Number: ${r.nin}`);
  if (r.locationLatitude !== null && r.locationLongitude !== null)
    lines.push(`Location: ${r.locationLatitude}, ${r.locationLongitude}`);
  lines.push(r.documents.length === 0 ? text.noDocuments : text.documents(r.documents.length));
  for (const d of r.documents)
    lines.push(
      withUrls
        ? `  ${documentLabel(d.name)}: ${mediaUrl(shopUrl, d.url) ?? d.url}`
        : `  ${documentLabel(d.name)}`,
    );
  if (!withUrls && r.documents.length > 0) lines.push(text.saveDocumentsHint(r.id));
  return lines;
}

/** The file a document is saved as: only the request's id and the document's name (letters and _). */
export function documentFileName(id: number, name: string): string {
  return `request-${id}-${name.replace(/[^a-z0-9_-]/gi, "_")}.webp`;
}

/** Where a document was saved, or why it was not. */
export type SavedDocument =
  | { readonly name: string; readonly file: string }
  | { readonly name: string; readonly error: string };

/**
 * Downloads each document into `dir` (made if missing). The file names are made here, never taken
 * from the service, and each is checked to stay inside `dir`; the token is sent only to the shop
 * service's own origin.
 */
export async function saveDocuments(
  admin: AdminCliServices,
  r: VerificationReview,
  dir: string,
  shopUrl: string,
): Promise<SavedDocument[]> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const token = admin.storage.get("token") ?? "";
  const saved: SavedDocument[] = [];
  for (const d of r.documents) {
    const file = join(folder, documentFileName(r.id, d.name));
    const url = mediaUrl(shopUrl, d.url);
    if (!file.startsWith(folder + sep) || url === null || new URL(url).origin !== new URL(shopUrl).origin) {
      saved.push({ name: d.name, error: text.documentRefused(d.url) });
      continue;
    }
    const bytes = await admin.downloadDocument(url, token);
    if (bytes === null) saved.push({ name: d.name, error: text.documentNotFetched(url) });
    else {
      await writeFile(file, bytes);
      saved.push({ name: d.name, file });
    }
  }
  return saved;
}
