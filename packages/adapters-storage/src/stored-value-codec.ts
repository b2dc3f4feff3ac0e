// Values are stored as JSON text. What comes back is outside data (a browser profile, a file a
// person may edit), so it is checked against the key's schema; anything that fails reads as null.

/** The part of a zod schema the codec uses (keeps this package free of a zod dependency). */
export interface ValueSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function encodeValue(value: unknown): string {
  return JSON.stringify(value);
}

export function decodeValue<T>(schema: ValueSchema<T>, raw: string | null | undefined): T | null {
  if (raw === null || raw === undefined) return null;
  const parsed = schema.safeParse(parseJson(raw));
  if (parsed.success) return parsed.data;
  // Older clients stored strings bare (`token` = abc, not "abc"): accept those too.
  const bare = schema.safeParse(raw);
  return bare.success ? bare.data : null;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
