import type { LocalImage } from "../../selling/image-files.js";
import { adminCliMessages as text } from "../admin-cli-messages.js";
import {
  type CurrentNode,
  descendants,
  type FileProblem,
  LEVELS,
  type Level,
  sameName,
  type WantedNode,
} from "./category-tree.js";

// What `categories import` does, worked out before anything is sent: every node of the file
// matched at its level against the catalogue by its id when the file gives one (then another name
// is a rename), else by name (case aside), then created, updated (its
// name's spelling or its image) or left unchanged; with --prune, what the file does not list is
// deleted (one item per deleted node: what lies below it goes with it).

export type PlanAction = "create" | "update" | "delete" | "unchanged" | "failed";

export interface PlanItem {
  /** `Category/Sub category/Filter/Value`: the file's spelling, the service's for a deletion. */
  readonly path: string;
  readonly level: Level;
  readonly action: PlanAction;
  /** The name to give (create, update) or the current one. */
  readonly name: string;
  /** The node's id in the catalogue (update, delete, unchanged; a failed one when it exists). */
  readonly id?: number;
  /** The parent's item: a created node takes the id its parent gets. Absent for categories. */
  readonly parent?: PlanItem;
  /** Update: the name's spelling changes, from this one. */
  readonly renamedFrom?: string;
  /** Create, update: the image to upload. */
  readonly image?: LocalImage;
  /** Delete: how many nodes below go with it. */
  readonly removes?: number;
  /** Failed: why. */
  readonly error?: string;
}

/** The image a node last had uploaded from a file (state kept by the CLI), to leave it alone when unchanged. */
export type RememberedImage = (
  level: Level,
  id: number,
) => { hash: string; imageUrl: string | null } | undefined;

export interface PlanOptions {
  readonly prune: boolean;
  readonly remembered?: RememberedImage;
}

/** The plan, parents before their children; the file's problems come first, as failed items. */
export function planCategoryImport(
  current: readonly CurrentNode[],
  wanted: readonly WantedNode[],
  problems: readonly FileProblem[],
  options: PlanOptions,
): PlanItem[] {
  const items: PlanItem[] = problems.map((p) => ({
    path: p.path,
    level: 0,
    action: "failed",
    name: p.path,
    error: p.error,
  }));
  planLevel(0, [], undefined, current, wanted, options, items);
  return items;
}

function planLevel(
  level: Level,
  above: readonly string[],
  parent: PlanItem | undefined,
  current: readonly CurrentNode[],
  wanted: readonly WantedNode[],
  options: PlanOptions,
  items: PlanItem[],
): void {
  const matched = new Set<CurrentNode>();
  // Ids first (a rename), then names among what is left, so a name never takes a node an id names.
  const existingOf = new Map<WantedNode, CurrentNode | undefined>();
  for (const node of wanted) {
    if (node.id === undefined) continue;
    const existing = current.find((c) => c.id === node.id && !matched.has(c));
    if (existing) matched.add(existing);
    existingOf.set(node, existing);
  }
  for (const node of wanted) {
    if (node.id !== undefined) continue;
    const existing = current.find((c) => !matched.has(c) && sameName(c.name, node.name));
    if (existing) matched.add(existing);
    existingOf.set(node, existing);
  }
  for (const node of wanted) {
    const existing = existingOf.get(node);
    const item =
      node.id !== undefined && existing === undefined
        ? {
            path: [...above, node.name].join("/"),
            level,
            action: "failed" as const,
            name: node.name,
            parent,
            error: text.idNotFound(LEVELS[level], node.id),
          }
        : planNode(level, above, parent, existing, node, options);
    if (item.action === "failed" && existing === undefined) {
      // Nothing to hang its children on: they fail with it, said once.
      const below = wantedBelow(node);
      items.push(below === 0 ? item : { ...item, error: text.notCreatedBelow(item.error!, below) });
      continue;
    }
    items.push(item);
    if (level < 3)
      planLevel(
        (level + 1) as Level,
        [...above, node.name],
        item,
        existing?.children ?? [],
        node.children,
        options,
        items,
      );
  }
  if (!options.prune) return;
  for (const node of current) {
    if (matched.has(node)) continue;
    items.push({
      path: [...above, node.name].join("/"),
      level,
      action: "delete",
      name: node.name,
      id: node.id,
      parent,
      removes: descendants(node),
    });
  }
}

function planNode(
  level: Level,
  above: readonly string[],
  parent: PlanItem | undefined,
  existing: CurrentNode | undefined,
  node: WantedNode,
  options: PlanOptions,
): PlanItem {
  const base = { path: [...above, node.name].join("/"), level, name: node.name, parent };
  if (node.image && !node.image.ok)
    return { ...base, action: "failed", id: existing?.id, error: node.image.error };
  const image = node.image?.ok ? node.image.image : undefined;
  if (existing === undefined) return { ...base, action: "create", image };
  const renamedFrom = existing.name === node.name ? undefined : existing.name;
  const remembered = image && options.remembered?.(level, existing.id);
  const imageChanged =
    image !== undefined &&
    (remembered === undefined || remembered.hash !== image.hash || remembered.imageUrl !== existing.imageUrl);
  if (renamedFrom === undefined && !imageChanged) return { ...base, action: "unchanged", id: existing.id };
  return {
    ...base,
    action: "update",
    id: existing.id,
    ...(renamedFrom !== undefined && { renamedFrom }),
    ...(imageChanged && { image }),
  };
}

function wantedBelow(node: WantedNode): number {
  return node.children.reduce((n, child) => n + 1 + wantedBelow(child), 0);
}
