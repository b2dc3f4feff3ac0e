import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Level } from "./category-tree.js";
import type { RememberedImage } from "./plan-categories.js";

// What `categories import` remembers, in the CLI's config folder: for each category and sub
// category whose image it uploaded, the file's content hash and the image path the service
// answered. The service re-encodes images, so only this tells whether the file changed since.

type Records = Record<string, { hash: string; imageUrl: string | null }>;

export class CategoryImageState {
  private constructor(
    private readonly file: string,
    private readonly service: string,
    private readonly records: Records,
  ) {}

  /** The state for one shop service (ids are its own). */
  static load(stateDir: string, shopUrl: string): CategoryImageState {
    const file = join(stateDir, "category-images.json");
    let records: Records = {};
    try {
      records = JSON.parse(readFileSync(file, "utf8")) as Records;
    } catch {
      // No state yet (or a damaged file): every image named counts as changed.
    }
    return new CategoryImageState(file, shopUrl, records);
  }

  readonly remembered: RememberedImage = (level, id) => this.records[this.key(level, id)];

  /** Records an upload and writes the file at once (atomically). */
  remember(level: Level, id: number, hash: string, imageUrl: string | null): void {
    this.records[this.key(level, id)] = { hash, imageUrl };
    mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.records, null, 1), { mode: 0o600 });
    renameSync(temporary, this.file);
  }

  private key(level: Level, id: number): string {
    return `${this.service} ${level}:${id}`;
  }
}
