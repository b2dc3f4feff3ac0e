// Field errors `{field: ["message"]}` (DESIGN §3) from a body that failed the contract's schema, in
// the domain's wording where a form shows it next to the field.

/** Per field: the message when it is empty or missing, and when it is there but invalid. */
export type FieldWording = Record<string, readonly [empty: string, invalid: string]>;

interface ValidationError {
  validation?: { instancePath?: string; message?: string }[];
}

/** `{field: [message]}`; `non_field_errors` when no field is named. */
export function fieldErrors(
  error: ValidationError,
  body: unknown,
  wording: FieldWording,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath?.replace(/^\//, "").split("/")[0] || "non_field_errors";
    const raw = body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
    const empty = raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "");
    const words = wording[field];
    const reason = issue.message ?? "is invalid";
    const message = words
      ? words[empty ? 0 : 1]
      : field === "non_field_errors"
        ? reason
        : `${field}: ${reason}`;
    errors[field] = [...new Set([...(errors[field] ?? []), message])];
  }
  return Object.keys(errors).length > 0 ? errors : { non_field_errors: ["Invalid request body"] };
}
