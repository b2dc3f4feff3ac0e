import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

// What `products import` remembers per shop, in the CLI's config folder: for each SKU the content
// hashes of the files its images were uploaded from and the image paths the service answered.
// The service re-encodes images, so only this tells whether a row's files changed since.
// One JSON line per upload, appended as each row lands (an interrupted run keeps what it did; a
// line cut short by a crash is skipped); the last line of a SKU wins, and loading compacts the file.

export interface ImageRecord {
  /** SHA-256 of each local file, in order. */
  readonly hashes: readonly string[];
  /** The product's images as the service answered them after the upload. */
  readonly images: readonly string[];
}

export class ImportState {
  private constructor(
    private readonly file: string,
    private readonly records: Map<string, ImageRecord>,
  ) {}

  static load(stateDir: string, shopId: number): ImportState {
    const file = join(stateDir, "uploads", `shop-${shopId}.jsonl`);
    const records = new Map<string, ImageRecord>();
    let lines = 0;
    try {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (line.trim() === "") continue;
        lines += 1;
        try {
          const { sku, hashes, images } = JSON.parse(line) as { sku: string } & ImageRecord;
          if (typeof sku === "string" && Array.isArray(hashes) && Array.isArray(images))
            records.set(sku, { hashes, images });
        } catch {
          // A line cut short by an interruption: that row's images count as changed.
        }
      }
    } catch {
      // No state yet: every row's images count as changed.
    }
    const state = new ImportState(file, records);
    if (lines > records.size) state.compact();
    return state;
  }

  /** True when the files are the ones last uploaded for `sku` and the product still shows those uploads. */
  unchanged(sku: string, hashes: readonly string[], productImages: readonly string[]): boolean {
    const record = this.records.get(sku);
    return record !== undefined && same(record.hashes, hashes) && same(record.images, productImages);
  }

  /** Records an upload and appends it to the file at once. */
  remember(sku: string, record: ImageRecord): void {
    this.records.set(sku, record);
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    appendFileSync(this.file, `${line(sku, record)}\n`, { mode: 0o600 });
  }

  /** Rewrites the file with one line per SKU (atomically). */
  private compact(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, [...this.records].map(([sku, record]) => `${line(sku, record)}\n`).join(""), {
      mode: 0o600,
    });
    renameSync(temporary, this.file);
  }
}

function line(sku: string, record: ImageRecord): string {
  return JSON.stringify({ sku, hashes: record.hashes, images: record.images });
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
