import { CHAT_BLOCKED, SERVICE_CODES } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../contract/error-codes.js";
import { errorFromResponse } from "./error-mapping.js";

// The service's stable `code` travels on the domain error, beside the kind it maps to, so that the
// clients can choose their words where the kind is too coarse (never by the service's English).

describe("errorFromResponse carries the service's code", () => {
  it.each([
    [409, "already_reported", { kind: "invalid", message: "Words" }],
    [400, "own_target", { kind: "invalid", message: "Words" }],
    [429, "too_many_reports", { kind: "too-many-attempts", message: "Words" }],
    [403, "not_participant", { kind: "forbidden", message: "Words" }],
    [403, "blocked", { kind: "forbidden", message: "Words" }],
    [429, "new_account_limit", { kind: "too-many-attempts", message: "Words" }],
    [403, "shop_suspended", { kind: "forbidden", message: "Words" }],
    [404, "report_target_not_found", { kind: "not-found", message: "Words" }],
    [404, "not_found", { kind: "not-found", route: true, message: "Words" }],
  ] as const)("%i %s", (status, code, error) => {
    expect(errorFromResponse(status, { detail: "Words", code })).toEqual({ ...error, code });
  });

  it("keeps the code of a refusal with field lists, and the fields", () => {
    expect(errorFromResponse(400, { details: ["Tell us what is wrong"], code: "invalid_input" })).toEqual({
      kind: "invalid",
      message: "Tell us what is wrong",
      fields: { details: ["Tell us what is wrong"] },
      code: "invalid_input",
    });
  });

  it("tells two refusals of one kind apart by their codes alone, the words being the same", () => {
    const duplicate = errorFromResponse(409, { detail: "No", code: "already_reported" });
    const own = errorFromResponse(400, { detail: "No", code: "own_target" });
    expect(duplicate.kind).toBe(own.kind);
    expect([duplicate.code, own.code]).toEqual(["already_reported", "own_target"]);
  });

  it("leaves out a code it does not know, and any code of a server failure", () => {
    expect(errorFromResponse(400, { detail: "Odd", code: "made_up_code" })).toEqual({
      kind: "invalid",
      message: "Odd",
    });
    expect(errorFromResponse(429, { detail: "Slow down" })).toEqual({
      kind: "too-many-attempts",
      message: "Slow down",
    });
    expect(errorFromResponse(503, { detail: "down", code: "unavailable" })).toEqual({
      kind: "server",
      status: 503,
    });
  });
});

describe("the codes the domain acts on", () => {
  it("are codes the service documents", () => {
    for (const code of [...Object.values(SERVICE_CODES), CHAT_BLOCKED])
      expect(Object.keys(ERROR_CODES)).toContain(code);
  });
});
