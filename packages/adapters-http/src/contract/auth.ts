import {
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
} from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  defineCalls,
  detailBody,
  detailError,
  errorError,
  fileField,
  verificationStatus,
} from "./common.js";
import { errorCode } from "./error-codes.js";

// Authentication service (spec §7 "Auth service"), relative to its base (`/api/auth/`).
// The token is sent as `Authorization: Token <key>` (or `Bearer <key>`); the spec also puts it in
// bodies (`token`, `login_key`), which the server accepts as a fallback.

export const userWire = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string(),
  name: z.string(),
  /** YYYY-MM-DD */
  date_of_birth: z.string().nullable(),
  country: z.string().nullable(),
  gender: z.enum(["male", "female"]).nullable(),
  profile_picture: z.string().nullable(),
  verification_status: verificationStatus,
});
export type UserWire = z.infer<typeof userWire>;

const email = z.email().max(254);
/** At login any stored password is accepted; new passwords follow the domain's bounds. */
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const newPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** spec §5/§9: registration phone at most 10 characters. */
const registrationPhone = z.string().trim().min(1).max(PHONE_MAX_LENGTH);
const otp = z.string().trim().min(1).max(OTP_LENGTH);
/** 'username' is the email (spec §3), or the phone at login. */
const username = z.string().trim().min(1).max(254);
const tokenField = z.string().min(1).optional().describe("fallback for the Authorization header");

/** Registration failures: field errors keyed `email` and/or `phone` (spec §8), or other fields. */
export const registerErrorBody = z
  .object({
    email: z.array(z.string()).optional(),
    phone: z.array(z.string()).optional(),
    code: errorCode,
  })
  .catchall(z.array(z.string()));

/** The answer of a grant or revocation of the admin role: the account and its role now. */
export const adminRoleAnswer = z.object({
  detail: z.string(),
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string(), is_admin: z.boolean() }),
});
export type AdminRoleAnswer = z.infer<typeof adminRoleAnswer>;

export const authCalls = defineCalls({
  register: () => ({
    service: "auth",
    method: "POST",
    path: "register/",
    summary: "Create an account; a one-time code is e-mailed",
    body: z.object({
      phone: registrationPhone,
      email,
      password: newPassword,
      name: z.string().trim().min(1).max(200),
    }),
    response: {
      /** `code_sent` false: the account exists but the code could not be e-mailed (use Resend). */
      201: z.object({ detail: z.string(), code_sent: z.boolean().optional(), user: userWire }),
      /** Field errors; a body that is not JSON at all gets a plain detail. */
      400: z.union([registerErrorBody, detailError]),
      429: detailError,
    },
  }),
  verify: () => ({
    service: "auth",
    method: "POST",
    path: "users/verify/",
    summary: "Confirm the e-mail with the one-time code",
    body: z.object({ otp, username }),
    response: { 200: detailBody, 400: badRequestError, 401: detailError, 404: detailError, 429: detailError },
  }),
  newOtp: () => ({
    service: "auth",
    method: "POST",
    path: "users/new_otp_request/",
    summary: "Send a new one-time code",
    body: z.object({ username }),
    /** 503: the e-mail could not be sent. */
    response: { 200: detailBody, 400: badRequestError, 404: detailError, 429: detailError, 503: detailError },
  }),
  login: () => ({
    service: "auth",
    method: "POST",
    path: "login/",
    summary: "Log in with e-mail or phone; answers the token key and the user",
    body: z.object({ username, password }),
    response: {
      200: z.object({ key: z.string(), user: userWire }),
      400: badRequestError,
      /** {"detail": "Invalid credentials"} */
      401: detailError,
      /** {"error": "User not verified"} (not_verified), or the account is suspended (account_suspended) */
      403: errorError,
      429: detailError,
    },
  }),
  resetPassword: () => ({
    service: "auth",
    method: "POST",
    path: "users/reset_password/",
    summary: "Send a password-reset code",
    body: z.object({ username }),
    response: { 200: detailBody, 400: badRequestError, 404: detailError, 429: detailError, 503: detailError },
  }),
  verifyResetPassword: () => ({
    service: "auth",
    method: "POST",
    path: "users/verify_reset_password/",
    summary: "Check the reset code; answers a one-use reset key",
    body: z.object({ username, otp }),
    response: {
      200: z.object({ key: z.string(), detail: z.string() }),
      400: badRequestError,
      401: detailError,
      404: detailError,
      429: detailError,
    },
  }),
  resetPasswordComplete: () => ({
    service: "auth",
    method: "POST",
    path: "users/reset_password_complete/",
    summary: "Set a new password with the reset key",
    body: z.object({ new_password: newPassword, key: z.string().min(1) }),
    response: { 200: detailBody, 400: badRequestError, 404: detailError },
  }),
  updateUser: () => ({
    service: "auth",
    method: "PATCH",
    path: "users/update_user/",
    summary: "Edit the profile",
    auth: "token",
    body: z.object({
      name: z.string().trim().min(1).max(200).optional(),
      /** spec §9: profile phone at most 14 characters. */
      phone: z.string().trim().min(1).max(PROFILE_PHONE_MAX_LENGTH).optional(),
      country: z.string().trim().max(100).nullable().optional(),
      date_of_birth: z.iso.date().nullable().optional(),
      gender: z.enum(["male", "female"]).nullable().optional(),
      token: tokenField,
    }),
    response: {
      200: z.object({ detail: z.string(), user: userWire }),
      400: badRequestError,
      401: detailError,
    },
  }),
  updateProfilePicture: () => ({
    service: "auth",
    method: "PATCH",
    path: "users/update_profile_picture/",
    summary: "Replace the avatar (multipart field `picture`)",
    auth: "token",
    encoding: "multipart",
    body: z.object({ picture: fileField, token: tokenField }),
    response: {
      200: z.object({ detail: z.string(), user: userWire }),
      400: badRequestError,
      401: detailError,
      413: detailError,
    },
  }),
  changePassword: () => ({
    service: "auth",
    method: "POST",
    path: "users/change_password/",
    summary: "Change the password",
    auth: "token",
    body: z.object({ login_key: tokenField, old_password: password, new_password: newPassword }),
    response: { 200: detailBody, 400: badRequestError, 401: detailError, 404: detailError, 429: detailError },
  }),
  changeEmail: () => ({
    service: "auth",
    method: "POST",
    path: "users/change_email/",
    summary: "Start an e-mail change; a code goes to the new address",
    auth: "token",
    body: z.object({ new_email: email, token: tokenField }),
    response: {
      200: detailBody,
      400: badRequestError,
      401: detailError,
      409: detailError,
      429: detailError,
      503: detailError,
    },
  }),
  verifyChangeEmail: () => ({
    service: "auth",
    method: "POST",
    path: "users/verify_change_email/",
    summary: "Confirm the e-mail change with the code",
    auth: "token",
    body: z.object({ new_email: email, token: tokenField, otp }),
    response: {
      200: z.object({ detail: z.string(), user: userWire }),
      400: badRequestError,
      401: detailError,
      409: detailError,
      429: detailError,
    },
  }),
  // ---- calls the spec leaves unshown (DESIGN §3: defined here, documented at /api/docs) ----
  me: () => ({
    service: "auth",
    method: "GET",
    path: "users/me/",
    summary: "The signed-in user (used by `katale whoami` and to refresh the stored activeUser)",
    auth: "token",
    response: { 200: z.object({ user: userWire, is_admin: z.boolean() }), 401: detailError },
  }),
  logout: () => ({
    service: "auth",
    method: "POST",
    path: "logout/",
    summary: "Revoke the token the request carries",
    auth: "token",
    /** Nullish: a POST without a body reaches validation as null. */
    body: z.object({ token: tokenField }).nullish(),
    response: { 200: detailBody, 401: detailError },
  }),
  // ---- admin role (issue 10) ----
  grantAdmin: () => ({
    service: "auth",
    method: "POST",
    path: "users/admin/",
    summary: "Give the admin role to the account with this e-mail (admins only); 404 when no account has it",
    auth: "token",
    body: z.object({ email }),
    response: {
      200: adminRoleAnswer,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
    },
  }),
  revokeAdmin: () => ({
    service: "auth",
    method: "DELETE",
    path: "users/admin/",
    summary:
      "Take the admin role from the account with this e-mail (admins only); an admin cannot take their own (409)",
    auth: "token",
    body: z.object({ email }),
    response: {
      200: adminRoleAnswer,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      409: detailError,
    },
  }),
  deleteAccount: () => ({
    service: "auth",
    method: "POST",
    path: "users/delete_account/",
    summary:
      "Delete the account after checking the password: the user's data is deleted or anonymised and every session ends",
    auth: "token",
    body: z.object({ password, token: tokenField }),
    response: { 200: detailBody, 400: badRequestError, 401: detailError, 429: detailError },
  }),
});

/** One message of the development mailbox (`GET /dev/mail.json`, newest first; absent in production). */
export const devMailWire = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Header fields beyond From, To, Subject and Date (List-Unsubscribe …). */
  headers: z.record(z.string(), z.string()),
  date: z.string(),
});
export type DevMailWire = z.infer<typeof devMailWire>;
