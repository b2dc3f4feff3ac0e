import { localStorageSchemas } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { memoryLocalStorage, memoryStore } from "./memory-store.js";
import { itBehavesLikeKeyValueStorage } from "./storage-behaviour.js";

describe("memory storage", () => {
  itBehavesLikeKeyValueStorage(memoryLocalStorage);

  it("reads a value of the wrong shape as null", () => {
    const storage = memoryStore(localStorageSchemas, { userdid: '"not a number"', activeUser: "{}" });
    expect(storage.get("userdid")).toBeNull();
    expect(storage.get("activeUser")).toBeNull();
  });
});
