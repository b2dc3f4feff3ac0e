import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";

export type ImagePath =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly problem: "outside" | "missing" };

/**
 * Where an `images` cell's file is, if it is inside the images folder: an absolute path, one that
 * climbs out with `..`, or a link that points outside (followed to its end) would upload whatever
 * file it reaches, so it is refused. The answer is the file's real path, which is what is read.
 */
export async function imagePathIn(dir: string, file: string): Promise<ImagePath> {
  if (isAbsolute(file) || /^[A-Za-z]:[\\/]/.test(file)) return { ok: false, problem: "outside" };
  const path = resolve(dir, file);
  if (!within(resolve(dir), path)) return { ok: false, problem: "outside" };
  let real: string;
  let realDir: string;
  try {
    [realDir, real] = await Promise.all([realpath(dir), realpath(path)]);
  } catch {
    return { ok: false, problem: "missing" };
  }
  return within(realDir, real) ? { ok: true, path: real } : { ok: false, problem: "outside" };
}

function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
