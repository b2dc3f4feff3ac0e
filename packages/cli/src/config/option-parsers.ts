import { PAGE_SIZE_MAX } from "@katale/domain";
import { InvalidArgumentError } from "commander";
import { cliMessages } from "../cli-messages.js";

// commander argument parsers: a bad value stops the command with a usage error (exit 2) before any
// request is made.

const WHOLE_NUMBER = /^\d+$/;

/** `--page`: 1, 2, 3… */
export function parsePageNumber(value: string): number {
  return wholeNumber(value, 1, Number.MAX_SAFE_INTEGER, cliMessages.wholeNumberFrom(1));
}

/** `--page-size`: 1 to the service's maximum. */
export function parsePageSize(value: string): number {
  return wholeNumber(value, 1, PAGE_SIZE_MAX, cliMessages.wholeNumberBetween(1, PAGE_SIZE_MAX));
}

/** A numeric id (shops, products, categories). */
export function parseId(value: string): number {
  return wholeNumber(value, 1, Number.MAX_SAFE_INTEGER, cliMessages.wholeNumberFrom(1));
}

/** A category or sub category, by id (a number) or by name (anything else). */
export type IdOrName = { readonly id: number } | { readonly name: string };

export function parseIdOrName(value: string): IdOrName {
  const trimmed = value.trim();
  if (trimmed === "") throw new InvalidArgumentError(cliMessages.emptyValue);
  return WHOLE_NUMBER.test(trimmed) ? { id: parseId(trimmed) } : { name: trimmed };
}

function wholeNumber(value: string, min: number, max: number, message: string): number {
  const trimmed = value.trim();
  const n = WHOLE_NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new InvalidArgumentError(message);
  return n;
}
