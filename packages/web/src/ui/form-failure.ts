import { type AuthFailure, type DomainError, errorMessage } from "@katale/domain";

/** What a form's use case can fail with: an account step's failure (already in words) or a port's error. */
export type FormFailure = AuthFailure | DomainError;

/** A failure in words: the line for the form's banner and the first message per field it names. */
export interface FailureWords {
  readonly message: string;
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * The one place the web app turns a failed use case into words (as the CLI's `cli-failure.ts` does
 * for the terminal): an account step's own message and field messages, or the domain's line for a
 * port's error with the service's message per field.
 */
export function failureWords(failure: FormFailure): FailureWords {
  if ("reason" in failure) return { message: failure.message, fields: failure.fields ?? {} };
  const fields: Record<string, string> = {};
  if (failure.kind === "invalid") {
    for (const [name, said] of Object.entries(failure.fields ?? {})) {
      const first = said[0];
      if (first !== undefined) fields[name] = first;
    }
  }
  return { message: errorMessage(failure), fields };
}
