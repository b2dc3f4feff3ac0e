import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { imagePathIn } from "./image-path.js";

describe("an images cell stays inside the images folder", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "katale-image-path-")));
  const pics = join(root, "pics");
  mkdirSync(join(pics, "red"), { recursive: true });
  writeFileSync(join(pics, "red", "lamp.png"), "png");
  writeFileSync(join(root, "secret.txt"), "secret");
  symlinkSync(join(root, "secret.txt"), join(pics, "link.png"));
  symlinkSync(join(pics, "red", "lamp.png"), join(pics, "alias.png"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds a file in the folder or below it, and follows a link that stays inside", async () => {
    expect(await imagePathIn(pics, "red/lamp.png")).toEqual({
      ok: true,
      path: join(pics, "red", "lamp.png"),
    });
    expect(await imagePathIn(pics, "red/../red/lamp.png")).toMatchObject({ ok: true });
    expect(await imagePathIn(pics, "alias.png")).toEqual({ ok: true, path: join(pics, "red", "lamp.png") });
  });

  it.each([
    ["an absolute path", join(root, "secret.txt")],
    ["a path that climbs out", "../secret.txt"],
    ["a link that points outside", "link.png"],
  ])("refuses %s", async (_what, file) => {
    expect(await imagePathIn(pics, file)).toEqual({ ok: false, problem: "outside" });
  });

  it("says a file inside that is not there is missing", async () => {
    expect(await imagePathIn(pics, "later.png")).toEqual({ ok: false, problem: "missing" });
  });
});
