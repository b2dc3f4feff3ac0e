import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileLocalStorage } from "./json-file-store.js";
import { itBehavesLikeKeyValueStorage } from "./storage-behaviour.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "katale-storage-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("JSON file storage", () => {
  itBehavesLikeKeyValueStorage(() => fileLocalStorage(join(dir, "session.json")));

  it("creates the directory and a file only its owner can read", () => {
    const file = join(dir, "nested", "katale", "session.json");
    fileLocalStorage(file).set("token", "secret-token");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "nested", "katale")).mode & 0o777).toBe(0o700);
  });

  it("writes plain JSON of the stored values and leaves no temporary files", () => {
    const file = join(dir, "session.json");
    const storage = fileLocalStorage(file);
    storage.set("token", "abc");
    storage.set("userdid", 7);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ token: "abc", userdid: 7 });
    expect(readdirSync(dir)).toEqual(["session.json"]);
  });

  it("a second process sees what the first stored", () => {
    const file = join(dir, "session.json");
    fileLocalStorage(file).set("loggedInUserName", "amina@example.ug");
    expect(fileLocalStorage(file).get("loggedInUserName")).toBe("amina@example.ug");
  });

  it("clear removes the file", () => {
    const file = join(dir, "session.json");
    const storage = fileLocalStorage(file);
    storage.set("token", "abc");
    storage.clear();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a damaged file reads as empty and is replaced on the next write", () => {
    const file = join(dir, "session.json");
    writeFileSync(file, "{ half a fi");
    const storage = fileLocalStorage(file);
    expect(storage.get("token")).toBeNull();
    storage.set("token", "fresh");
    expect(storage.get("token")).toBe("fresh");
  });
});
