import { err, ok } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { orSavedCopy } from "./saved-answer.js";

// The one fallback the chat list and a room share on a bad network.

describe("a chat read on a bad network", () => {
  const copy = async () => ({ value: ["kept"], savedAt: 42 });
  const none = async () => undefined;

  it("shows the service's answer, and its refusals, as they are", async () => {
    expect(await orSavedCopy(ok(["live"]), ok(["shown"]), copy)).toEqual(ok(["live"]));
    const refused = err({ kind: "not-found" as const });
    expect(await orSavedCopy<string[]>(refused, ok(["shown"]), copy)).toEqual(refused);
  });

  it("keeps the answer shown, else shows the phone's copy with when it was saved, else the network error", async () => {
    const offline = err({ kind: "network" as const });
    expect(await orSavedCopy<string[]>(offline, ok(["shown"]), copy)).toEqual(ok(["shown"]));
    expect(await orSavedCopy<string[]>(offline, undefined, copy)).toEqual({
      ok: true,
      value: ["kept"],
      savedAt: 42,
    });
    expect(await orSavedCopy<string[]>(offline, offline, none)).toEqual(offline);
    const broken = async () => {
      throw new Error("IndexedDB unavailable");
    };
    expect(await orSavedCopy<string[]>(offline, undefined, broken)).toEqual(offline);
  });
});
