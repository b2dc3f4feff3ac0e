import type { ErrorCode } from "@katale/adapters-http/contract";
import type { FastifyReply } from "fastify";

/** The words of an error as spec §8 has them: `{detail}`, `{error}` or field lists. */
export type ErrorWords = { readonly detail: string } | { readonly error: string } | Record<string, string[]>;

/**
 * Sends an error answer: the spec's body unchanged, plus the stable `code` clients read
 * (contract/error-codes.ts). Every error answer of the services goes through here.
 */
export function sendError(reply: FastifyReply, status: number, code: ErrorCode, words: ErrorWords) {
  return reply.code(status).send({ ...words, code });
}
