import type { KeyValueStorage, LocalValues } from "@katale/domain";
import { expect, it } from "vitest";

// What every medium must do, run by each medium's test file.

const activeUser: LocalValues["activeUser"] = {
  email: "amina@example.ug",
  phone: "0772000000",
  name: "Amina N.",
  dateOfBirth: null,
  country: "Uganda",
  gender: "female",
  picture: null,
  status: "VERIFIED",
};

export function itBehavesLikeKeyValueStorage(make: () => KeyValueStorage<LocalValues>): void {
  it("gives back what was stored under each key", () => {
    const storage = make();
    storage.set("token", "abc123");
    storage.set("userdid", 42);
    storage.set("activeUser", activeUser);
    expect(storage.get("token")).toBe("abc123");
    expect(storage.get("userdid")).toBe(42);
    expect(storage.get("activeUser")).toEqual(activeUser);
  });

  it("reads a key never set as null", () => {
    expect(make().get("search_query")).toBeNull();
  });

  it("overwrites and removes one key", () => {
    const storage = make();
    storage.set("search_query", "matooke");
    storage.set("search_query", "rolex");
    storage.set("category_id", 3);
    expect(storage.get("search_query")).toBe("rolex");
    storage.remove("search_query");
    expect(storage.get("search_query")).toBeNull();
    expect(storage.get("category_id")).toBe(3);
  });

  it("clear forgets everything (logout)", () => {
    const storage = make();
    storage.set("token", "abc123");
    storage.set("loggedInUserName", "amina@example.ug");
    storage.clear();
    expect(storage.get("token")).toBeNull();
    expect(storage.get("loggedInUserName")).toBeNull();
  });

  it("does not share objects with the caller", () => {
    const storage = make();
    const user = { ...activeUser };
    storage.set("activeUser", user);
    user.name = "changed";
    expect(storage.get("activeUser")?.name).toBe("Amina N.");
  });
}
