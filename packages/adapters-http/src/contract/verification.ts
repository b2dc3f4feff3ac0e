import { PROFILE_PHONE_MAX_LENGTH } from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  blankAsMissing,
  defineCalls,
  detailBody,
  detailError,
  fileField,
  idParams,
  idValue,
  latitude,
  longitude,
  pageParam,
  paginated,
  timestamp,
} from "./common.js";

// Verification requests (spec §3, §7). The shop request goes to the shop service, the user request to
// the auth service. Documents are private files: never served publicly. Success answers
// {"detail": "Successfully sent verification request"}; a second open request answers 409 with
// 'Shop already has a verification request' / 'User already has a verification request'.

// ---- the admins' review (issue 10; not shown in the spec) ----
// One list of both kinds of request: ids are unique across the two (one sequence), so
// `verification/requests/{id}/...` names one request whatever its kind. A decision sets the request's
// status and the applicant's (user's or shop's) `verification_status` alike: approve -> VERIFIED,
// reject and revoke -> REJECTED (with the reason); each is e-mailed to the applicant, who may apply
// again after a rejection or revocation.

export const REVIEW_PAGE_SIZE = 20;
export const verificationRequestKinds = ["user", "shop"] as const;
export type VerificationRequestKind = (typeof verificationRequestKinds)[number];
export const verificationRequestStatus = z.enum(["PENDING", "VERIFIED", "REJECTED"]);
export type VerificationRequestStatus = z.infer<typeof verificationRequestStatus>;

/** The documents of a request: private files, served to admins only (never under /media/). */
export const verificationDocumentNames = ["national_id_image", "user_image", "shop_image"] as const;
export type VerificationDocumentName = (typeof verificationDocumentNames)[number];

export const verificationRequestWire = z.object({
  id: z.number().int(),
  kind: z.enum(verificationRequestKinds),
  status: verificationRequestStatus,
  /** Why it was rejected or revoked; null otherwise. */
  reason: z.string().nullable(),
  submitted_at: timestamp,
  decided_at: timestamp.nullable(),
  /** The applicant: the user, or the shop's owner who sent the shop's request. */
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string() }),
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** As the applicant wrote them (a shop's request: the contact, and the shop's phone). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The National ID Number of a user's request; null for a shop's. */
  nin: z.string().nullable(),
  location_latitude: z.number().nullable(),
  location_longitude: z.number().nullable(),
  /** Host paths (`/api/shop/verification/requests/{id}/documents/{name}`), readable with an admin's token. */
  documents: z.array(z.object({ name: z.enum(verificationDocumentNames), url: z.string() })),
});
export type VerificationRequestWire = z.infer<typeof verificationRequestWire>;

const reviewErrors = { 401: detailError, 403: detailError, 404: detailError } as const;
const requestParams = idParams("id");
const reason = z.string().trim().min(1).max(1000);

export const verificationCalls = defineCalls({
  shop: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "verification/shop/",
    summary: "Ask for a shop's verification (multipart: contact, shop_image, location, shop); owner only",
    auth: "token",
    encoding: "multipart",
    body: z.object({
      contact: z.string().trim().min(1).max(254),
      shop_image: fileField,
      location_latitude: blankAsMissing(latitude.optional()),
      location_longitude: blankAsMissing(longitude.optional()),
      shop: idValue,
    }),
    response: {
      201: detailBody,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      409: detailError,
      413: detailError,
    },
  }),
  user: () => ({
    service: "auth",
    method: "POST",
    idempotent: true,
    path: "verification/user/",
    summary:
      "Ask for the user's identity verification (multipart: email, phone, nin, ID and user photos, location)",
    auth: "token",
    encoding: "multipart",
    body: z.object({
      email: z.email().max(254),
      phone: z.string().trim().min(1).max(PROFILE_PHONE_MAX_LENGTH),
      nin: z.string().trim().min(1).max(30),
      national_id_image: fileField,
      user_image: fileField,
      location_latitude: blankAsMissing(latitude.optional()),
      location_longitude: blankAsMissing(longitude.optional()),
    }),
    response: { 201: detailBody, 400: badRequestError, 401: detailError, 409: detailError, 413: detailError },
  }),
  listRequests: () => ({
    service: "shop",
    method: "GET",
    path: "verification/requests/",
    summary:
      "Verification requests of users and shops for review (admins only), newest first, 20 a page; search matches names, e-mails, phones, NIN and shop name",
    auth: "token",
    querystring: z.object({
      kind: z.enum(["user", "shop", "all"]).default("all"),
      status: z.enum(["pending", "verified", "rejected", "all"]).default("all"),
      search: z.string().max(200).optional(),
      page: pageParam,
    }),
    response: { 200: paginated(verificationRequestWire), 400: badRequestError, ...reviewErrors },
  }),
  getRequest: () => ({
    service: "shop",
    method: "GET",
    path: "verification/requests/:id/",
    summary: "One verification request (admins only)",
    auth: "token",
    params: requestParams,
    response: { 200: verificationRequestWire, 400: detailError, ...reviewErrors },
  }),
  document: () => ({
    service: "shop",
    method: "GET",
    path: "verification/requests/:id/documents/:name",
    summary: "A document of a verification request as image/webp (admins only; private, never under /media/)",
    auth: "token",
    params: z.object({ id: requestParams.shape.id, name: z.enum(verificationDocumentNames) }),
    response: {
      200: z.unknown().describe("the document: image/webp bytes"),
      400: detailError,
      ...reviewErrors,
    },
  }),
  approve: () => ({
    service: "shop",
    method: "POST",
    path: "verification/requests/:id/approve/",
    summary: "Approve a pending request: the user or shop becomes VERIFIED; the applicant is e-mailed",
    auth: "token",
    params: requestParams,
    response: { 200: verificationRequestWire, 400: detailError, ...reviewErrors, 409: detailError },
  }),
  reject: () => ({
    service: "shop",
    method: "POST",
    path: "verification/requests/:id/reject/",
    summary:
      "Reject a pending request with a reason (required); the applicant is e-mailed and may apply again",
    auth: "token",
    params: requestParams,
    body: z.object({ reason }),
    response: { 200: verificationRequestWire, 400: badRequestError, ...reviewErrors, 409: detailError },
  }),
  revoke: () => ({
    service: "shop",
    method: "POST",
    path: "verification/requests/:id/revoke/",
    summary:
      "Remove Verification: a verified user or shop is no longer verified (reason required); the applicant is e-mailed",
    auth: "token",
    params: requestParams,
    body: z.object({ reason }),
    response: { 200: verificationRequestWire, 400: badRequestError, ...reviewErrors, 409: detailError },
  }),
});
