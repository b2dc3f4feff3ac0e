// What a stored value must be, checked by hand: the browser's storage is read on every first screen
// (is someone signed in?), and zod costs ~26 KB gzipped there. The same shape as a zod schema's
// `safeParse`, which adapters-storage's codec calls.

/** Checks a value read from storage; a failure reads as "nothing stored". */
export interface ValueCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A check from a test that answers the value to keep (a copy of it), or undefined when it fails. */
export function valueCheck<T>(read: (value: unknown) => T | undefined): ValueCheck<T> {
  return {
    safeParse(value) {
      const data = read(value);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

/** A string of at least `min` characters. */
export const storedText = (min = 0): ValueCheck<string> =>
  valueCheck((value) => (typeof value === "string" && value.length >= min ? value : undefined));

/** A database id: a positive whole number. */
export const storedId: ValueCheck<number> = valueCheck((value) =>
  Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined,
);
