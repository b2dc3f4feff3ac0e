import { type DomainError, errorMessage } from "@katale/domain";

/** What a form's use case can fail with: a step's failure already in words, or a port's error. */
export type FormFailure = DomainError;

/** A failure in words: the line for the form's banner and the first message per field it names. */
export interface FailureWords {
  readonly message: string;
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * The one place the web app turns a failed use case into words (as the CLI's `cli-failure.ts` does
 * for the terminal): the failure's own line (a step's words, or the domain's line for a port's error)
 * and the message per field: a form check's own, or the service's first per field.
 */
export function failureWords(failure: FormFailure): FailureWords {
  if (failure.kind === "invalid-form") return { message: failure.message, fields: failure.fields ?? {} };
  const fields: Record<string, string> = {};
  if (failure.kind === "invalid") {
    for (const [name, said] of Object.entries(failure.fields ?? {})) {
      const first = said[0];
      if (first !== undefined) fields[name] = first;
    }
  }
  return { message: errorMessage(failure), fields };
}
