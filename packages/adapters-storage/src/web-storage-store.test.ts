import { describe, expect, it } from "vitest";
import { itBehavesLikeKeyValueStorage } from "./storage-behaviour.js";
import { browserLocalStorage, browserSessionStorage, type StorageLike } from "./web-storage-store.js";

/** A stand-in for the DOM's Storage. */
class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

describe("browser storage", () => {
  itBehavesLikeKeyValueStorage(() => browserLocalStorage(new FakeStorage()));

  it("stores values as JSON text under the spec's key names", () => {
    const raw = new FakeStorage();
    const storage = browserLocalStorage(raw);
    storage.set("category_id", 5);
    storage.set("search_query", "boda boda");
    expect(raw.items.get("category_id")).toBe("5");
    expect(raw.items.get("search_query")).toBe('"boda boda"');
  });

  it("reads strings an older client stored bare", () => {
    const raw = new FakeStorage();
    raw.setItem("token", "9f8e7d");
    expect(browserLocalStorage(raw).get("token")).toBe("9f8e7d");
  });

  it("reads a damaged value as null instead of failing", () => {
    const raw = new FakeStorage();
    raw.setItem("activeUser", "{not json");
    raw.setItem("userdid", "-3");
    const storage = browserLocalStorage(raw);
    expect(storage.get("activeUser")).toBeNull();
    expect(storage.get("userdid")).toBeNull();
  });

  it("keeps previousUrl in session storage", () => {
    const session = browserSessionStorage(new FakeStorage());
    session.set("previousUrl", "/item/tecno-spark");
    expect(session.get("previousUrl")).toBe("/item/tecno-spark");
  });

  it("explains when there is no browser storage", () => {
    expect(() => browserLocalStorage()).toThrow(/localStorage is not available/);
  });
});
