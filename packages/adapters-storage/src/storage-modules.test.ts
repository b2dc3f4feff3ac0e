import { PORTS, type PortToken } from "@katale/domain";
import { Container } from "inversify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserStorageModule, memoryStorageModule } from "./storage-modules.js";
import type { StorageLike } from "./web-storage-store.js";

function storageLike(): StorageLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

const resolver =
  (container: Container) =>
  <T>(token: PortToken<T>): T =>
    container.get<T>(token);

describe("storage modules", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("bind both storage ports, one store each for the container's life", () => {
    const container = new Container();
    container.load(memoryStorageModule());
    const get = resolver(container);
    get(PORTS.localStorage).set("userdid", 7);
    get(PORTS.sessionStorage).set("previousUrl", "/shops");
    expect(get(PORTS.localStorage).get("userdid")).toBe(7);
    expect(get(PORTS.sessionStorage).get("previousUrl")).toBe("/shops");
  });

  it("the browser module writes to localStorage and sessionStorage, found on first use", () => {
    const container = new Container();
    container.load(browserStorageModule());
    const local = storageLike();
    const session = storageLike();
    vi.stubGlobal("localStorage", local);
    vi.stubGlobal("sessionStorage", session);
    const get = resolver(container);
    get(PORTS.localStorage).set("userdid", 7);
    get(PORTS.sessionStorage).set("previousUrl", "/shops");
    expect(local.entries.get("userdid")).toBe("7");
    expect(session.entries.get("previousUrl")).toBe('"/shops"');
  });
});
