// Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula, so
// the export writes such a cell behind a single quote (OWASP's advice) and the import removes it.
// A cell that already starts with quotes before one of those gets one more, so the pair is exact.

const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell as the export writes it. */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the import reads it: the export's escape undone. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
