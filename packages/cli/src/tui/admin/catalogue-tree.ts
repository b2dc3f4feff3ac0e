import type { Category, Filter, SubCategory } from "@katale/domain";
import { adminCliMessages } from "../../admin/admin-cli-messages.js";
import type { Row } from "../components/item-list.js";
import { tuiMessages } from "../tui-messages.js";

// The catalogue as a tree of rows: categories, their sub categories, their filters and values.

export type Node =
  | { readonly level: "category"; readonly item: Category }
  | { readonly level: "sub-category"; readonly item: SubCategory }
  | { readonly level: "filter"; readonly item: Filter }
  | { readonly level: "value"; readonly item: Filter["values"][number]; readonly filter: Filter };

export type Prompt =
  | { readonly kind: "add"; readonly under: Node | null; readonly label: string }
  | { readonly kind: "rename"; readonly node: Node }
  | { readonly kind: "image"; readonly node: Node & { readonly level: "category" | "sub-category" } }
  | { readonly kind: "delete"; readonly node: Node };

export const CHILD: Record<Node["level"], string | null> = {
  category: "sub category",
  "sub-category": "filter",
  filter: "value",
  value: null,
};

/** What is wrong with an image file, in the admin commands' words. */
export function imageProblem(file: string, problem: string): string {
  if (problem === "missing") return adminCliMessages.imageNotFound(file);
  if (problem === "too-large") return adminCliMessages.imageTooLarge(file);
  return adminCliMessages.imageNotAnImage(file);
}

/** What is open: a category's sub categories, a sub category's filters, a filter's values. */
export interface TreeOpen {
  readonly subs: ReadonlyMap<number, SubCategory[]>;
  readonly filters: ReadonlyMap<number, Filter[]>;
  readonly openFilters: ReadonlySet<number>;
}

/** The tree's rows (Enter opens or closes a node with `toggle`) and the node of each row's key. */
export function treeRows(
  categories: readonly Category[],
  open: TreeOpen,
  toggle: (node: Node) => void,
): { rows: Row[]; nodes: Map<string, Node> } {
  const nodes = new Map<string, Node>();
  const rows: Row[] = [];
  const add = (key: string, depth: number, node: Node, isOpen: boolean | null, name: string) => {
    nodes.set(key, node);
    const mark = isOpen === null ? " " : isOpen ? "▾" : "▸";
    const image =
      (node.level === "category" || node.level === "sub-category") && node.item.imageUrl
        ? ` · ${tuiMessages.hasPicture}`
        : "";
    rows.push({ key, text: `${"  ".repeat(depth)}${mark} ${name}${image}`, onOpen: () => toggle(node) });
  };
  for (const category of categories) {
    const categorySubs = open.subs.get(category.id);
    add(
      `c${category.id}`,
      0,
      { level: "category", item: category },
      categorySubs !== undefined,
      category.name,
    );
    for (const sub of categorySubs ?? []) {
      const subFilters = open.filters.get(sub.id);
      add(`s${sub.id}`, 1, { level: "sub-category", item: sub }, subFilters !== undefined, sub.name);
      for (const filter of subFilters ?? []) {
        const filterOpen = open.openFilters.has(filter.id);
        add(`f${filter.id}`, 2, { level: "filter", item: filter }, filterOpen, `${filter.name} (filter)`);
        if (filterOpen)
          for (const value of filter.values)
            add(`v${value.id}`, 3, { level: "value", item: value, filter }, null, value.name);
      }
    }
  }
  return { rows, nodes };
}
