import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ImportState } from "./import-state.js";

describe("what products import remembers", () => {
  const dirs: string[] = [];
  const stateDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-state-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the last upload of each SKU across runs, skips a line cut short, and compacts", () => {
    const dir = stateDir();
    const first = ImportState.load(dir, 3);
    expect(first.unchanged("A", ["h1"], ["/media/a.webp"])).toBe(false);
    first.remember("A", { hashes: ["h1"], images: ["/media/a.webp"] });
    first.remember("A", { hashes: ["h2"], images: ["/media/b.webp"] });
    const file = join(dir, "uploads", "shop-3.jsonl");
    appendFileSync(file, '{"sku":"B","hashes":["h');
    const second = ImportState.load(dir, 3);
    expect(second.unchanged("A", ["h2"], ["/media/b.webp"])).toBe(true);
    expect(second.unchanged("A", ["h1"], ["/media/a.webp"])).toBe(false);
    expect(second.unchanged("A", ["h2"], ["/media/other.webp"])).toBe(false);
    expect(second.unchanged("B", ["h"], [])).toBe(false);
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(1);
    expect(ImportState.load(dir, 4).unchanged("A", ["h2"], ["/media/b.webp"])).toBe(false);
  });
});
