// `--json` speaks the API's key style everywhere: snake_case (`has_next`, `submitted_at`), whatever
// the domain's objects call their fields inside the program.

/** `hasNext` → `has_next`, `imageURL` → `image_url`; snake_case keys are left as they are. */
export function snakeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** `value` with the keys of every plain object in it in snake_case (what JSON.stringify would print). */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== "object") return value;
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === "function") return snakeCaseKeys(withJson.toJSON());
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [snakeKey(key), snakeCaseKeys(inner)]),
  );
}

/** The JSON `--json` prints for `value`: snake_case keys, indented unless `compact` (one line). */
export function toJsonOutput(value: unknown, compact = false): string {
  return `${JSON.stringify(snakeCaseKeys(value), null, compact ? undefined : 2)}\n`;
}
