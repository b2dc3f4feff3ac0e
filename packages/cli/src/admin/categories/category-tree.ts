import type { LocalImage } from "../../selling/image-files.js";

// The catalogue as a tree of four levels (category, sub category, filter, value): as the service
// has it (with ids) and as an import file asks for it (with image files).

export const LEVELS = ["category", "sub category", "filter", "value"] as const;
export type Level = 0 | 1 | 2 | 3;

/** A category, sub category, filter or value as the service has it. */
export interface CurrentNode {
  readonly id: number;
  readonly name: string;
  /** Categories and sub categories only. */
  readonly imageUrl: string | null;
  readonly children: readonly CurrentNode[];
}

/** An image an import file names: checked and hashed, or what is wrong with it. */
export type WantedImage =
  | { readonly ok: true; readonly image: LocalImage }
  | { readonly ok: false; readonly file: string; readonly error: string };

/** A category, sub category, filter or value as an import file asks for it. */
export interface WantedNode {
  readonly name: string;
  /** Categories and sub categories: the id the export gave it; another name renames that one. */
  readonly id?: number;
  /** Categories and sub categories only: a file to upload. */
  readonly image?: WantedImage;
  readonly children: readonly WantedNode[];
}

/** A part of the file that cannot be imported (a CSV row, a JSON entry): reported as failed. */
export interface FileProblem {
  readonly path: string;
  readonly error: string;
}

/** Names match whatever their case (the service's rule), and around spaces. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** How many nodes lie below `node`. */
export function descendants(node: CurrentNode): number {
  return node.children.reduce((n, child) => n + 1 + descendants(child), 0);
}

/** The JSON export: `[{id, name, image_url, sub_categories: [{id, name, image_url, filters: [{name, values}]}]}]`. */
export interface ExportedCategory {
  readonly id: number;
  readonly name: string;
  readonly image_url: string | null;
  readonly sub_categories: {
    readonly id: number;
    readonly name: string;
    readonly image_url: string | null;
    readonly filters: { readonly name: string; readonly values: string[] }[];
  }[];
}

export function toExportJson(
  tree: readonly CurrentNode[],
  imageUrl: (path: string | null) => string | null,
): ExportedCategory[] {
  return tree.map((category) => ({
    id: category.id,
    name: category.name,
    image_url: imageUrl(category.imageUrl),
    sub_categories: category.children.map((sub) => ({
      id: sub.id,
      name: sub.name,
      image_url: imageUrl(sub.imageUrl),
      filters: sub.children.map((filter) => ({
        name: filter.name,
        values: filter.children.map((value) => value.name),
      })),
    })),
  }));
}

export const CSV_COLUMNS = ["category", "sub_category", "filter", "value"] as const;
/** Optional columns of an import file: the ids the export gives (renames), and an image. */
export const ID_COLUMNS = ["category_id", "sub_category_id"] as const;
/** The CSV export's header. */
export const EXPORT_COLUMNS = [
  "category_id",
  "category",
  "sub_category_id",
  "sub_category",
  "filter",
  "value",
];

/** The CSV export: one row per leaf, the cells below the last level present left empty. */
export function toCsvRows(tree: readonly CurrentNode[]): string[][] {
  const rows: string[][] = [];
  const walk = (node: CurrentNode, above: readonly CurrentNode[]) => {
    const path = [...above, node];
    if (node.children.length === 0 || path.length === CSV_COLUMNS.length) {
      const [category, sub, filter, value] = path;
      rows.push([
        String(category!.id),
        category!.name,
        sub ? String(sub.id) : "",
        sub?.name ?? "",
        filter?.name ?? "",
        value?.name ?? "",
      ]);
      return;
    }
    for (const child of node.children) walk(child, path);
  };
  for (const category of tree) walk(category, []);
  return rows;
}
