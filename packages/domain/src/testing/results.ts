import type { Result } from "../result.js";

/** The value of a result a test expects to succeed; throws with the error otherwise. */
export function successOf<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The error of a result a test expects to fail; throws otherwise. */
export function failureOf<T, E>(result: Result<T, E>): E {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}
