import { z } from "zod";
import {
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
} from "../constants.js";
import { messages } from "../messages.js";
import { passwordProblem } from "./password-rules.js";

// The fields of spec §5 the account forms share, with their messages. The wire contract applies
// the same bounds on the server.

const text = messages.auth;

/** The longest email address SMTP allows. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 200;
export const COUNTRY_MAX_LENGTH = 100;

/** A required, trimmed email address. */
export const emailField = z
  .string({ error: text.emailRequired })
  .trim()
  .min(1, text.emailRequired)
  .pipe(z.email(text.emailInvalid).max(EMAIL_MAX_LENGTH, text.emailInvalid));

/** A password being typed to prove who one is: any non-empty value. */
export const passwordField = z
  .string({ error: text.passwordRequired })
  .min(1, text.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, text.passwordLength);

/**
 * A new password: 8 to 128 characters, not only spaces, not a common password (OWASP ASVS; the
 * forms that know the e-mail or phone also refuse those: password-rules.ts).
 */
export const newPasswordField = z
  .string({ error: text.passwordRequired })
  .min(1, text.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, text.passwordLength)
  .max(PASSWORD_MAX_LENGTH, text.passwordLength)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const nameField = z
  .string({ error: text.nameRequired })
  .trim()
  .min(1, text.nameRequired)
  .max(NAME_MAX_LENGTH, text.nameTooLong);

const phonePattern = /^\+?[0-9][0-9 -]*$/;

function phone(max: number, tooLong: string) {
  return z
    .string({ error: text.phoneRequired })
    .trim()
    .min(1, text.phoneRequired)
    .max(max, tooLong)
    .regex(phonePattern, text.phoneInvalid);
}

/** Registration and shop phone: at most 10 characters (spec §5, §9). */
export const phoneField = phone(PHONE_MAX_LENGTH, text.phoneTooLong);
/** Profile phone: at most 14 characters (spec §5, §9). */
export const profilePhoneField = phone(PROFILE_PHONE_MAX_LENGTH, text.profilePhoneTooLong);

/** A one-time code: required, digits, at most 5 (spec §5, §9). */
export const otpField = z
  .string({ error: text.otpRequired })
  .trim()
  .min(1, text.otpRequired)
  .max(OTP_LENGTH, text.otpInvalid)
  .regex(/^\d+$/, text.otpInvalid);
