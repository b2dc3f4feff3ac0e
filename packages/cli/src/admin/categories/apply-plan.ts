import type { ImageUpload, Result, WordedError } from "@katale/domain";
import {
  type AdminPorts,
  addCategory,
  addFilter,
  addFilterValue,
  addSubCategory,
  deleteCategory,
  deleteFilter,
  deleteFilterValue,
  deleteSubCategory,
  editCategory,
  editSubCategory,
  renameFilter,
  renameFilterValue,
} from "@katale/domain/admin";
import { readImage } from "../../selling/image-files.js";
import { adminCliMessages as text } from "../admin-cli-messages.js";
import type { CategoryImageState } from "./image-state.js";
import type { PlanAction, PlanItem } from "./plan-categories.js";

// Carries out a plan in order, parents first: a created node's children use the id it got; a node
// whose parent could not be created fails without a call. A failure does not stop the others.

export type ItemStatus = "created" | "updated" | "deleted" | "unchanged" | "failed";

/** One item of the report, exactly as `--json` prints it. */
export interface ItemResult {
  readonly path: string;
  readonly action: ItemStatus;
  readonly error?: string;
}

export interface CategoryImportReport {
  readonly created: number;
  readonly updated: number;
  readonly deleted: number;
  readonly unchanged: number;
  readonly failed: number;
  readonly items: ItemResult[];
}

export interface ApplyProgress {
  start(total: number): void;
  advance(): void;
  stop(): void;
}

export interface ApplyOptions {
  readonly ports: Pick<AdminPorts, "catalogueAdmin" | "storage">;
  readonly state?: CategoryImageState;
  readonly dryRun: boolean;
  readonly progress?: ApplyProgress;
}

const STATUS: Record<PlanAction, ItemStatus> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  unchanged: "unchanged",
  failed: "failed",
};

/** The report a dry run gives: what each item would do. */
export function reportOf(results: readonly ItemResult[]): CategoryImportReport {
  const count = (status: ItemStatus) => results.filter((r) => r.action === status).length;
  return {
    created: count("created"),
    updated: count("updated"),
    deleted: count("deleted"),
    unchanged: count("unchanged"),
    failed: count("failed"),
    items: [...results],
  };
}

function planned(item: PlanItem): ItemResult {
  return item.error === undefined
    ? { path: item.path, action: STATUS[item.action] }
    : { path: item.path, action: STATUS[item.action], error: item.error };
}

export async function applyPlan(
  plan: readonly PlanItem[],
  options: ApplyOptions,
): Promise<CategoryImportReport> {
  if (options.dryRun) return reportOf(plan.map(planned));
  const ids = new Map<PlanItem, number>();
  const results: ItemResult[] = [];
  const work = plan.filter((item) => item.action !== "unchanged" && item.action !== "failed").length;
  if (work > 0) options.progress?.start(work);
  try {
    for (const item of plan) {
      if (item.id !== undefined) ids.set(item, item.id);
      if (item.action === "unchanged" || item.action === "failed") {
        results.push(planned(item));
        continue;
      }
      const outcome = await execute(item, ids, options);
      results.push(outcome === null ? planned(item) : { path: item.path, action: "failed", error: outcome });
      options.progress?.advance();
    }
  } finally {
    if (work > 0) options.progress?.stop();
  }
  return reportOf(results);
}

/** Sends one item; null when it went through, else why not. */
async function execute(
  item: PlanItem,
  ids: Map<PlanItem, number>,
  options: ApplyOptions,
): Promise<string | null> {
  const { ports, state } = options;
  const parentId = item.parent === undefined ? undefined : ids.get(item.parent);
  if (item.action === "create" && item.level > 0 && parentId === undefined) return text.parentFailed;
  let image: ImageUpload | undefined;
  try {
    image = item.image === undefined ? undefined : await readImage(item.image);
  } catch (error) {
    return (error as Error).message;
  }
  const name = item.action === "update" && item.renamedFrom === undefined ? undefined : item.name;
  const failed = (result: Result<unknown, WordedError>) => (result.ok ? null : result.error.message);
  /** A created or updated node: its id for the children, its image remembered. */
  const landed = (result: Result<{ id: number; imageUrl?: string | null }, WordedError>) => {
    if (!result.ok) return result.error.message;
    ids.set(item, result.value.id);
    if (item.image && state)
      state.remember(item.level, result.value.id, item.image.hash, result.value.imageUrl ?? null);
    return null;
  };
  const id = item.id!;
  switch (item.action) {
    case "create":
      switch (item.level) {
        case 0: {
          const made = await addCategory(ports, { name: item.name, ...(image && { image }) });
          return landed(made.ok ? { ok: true, value: made.value.category } : made);
        }
        case 1: {
          const made = await addSubCategory(ports, {
            categoryId: parentId!,
            name: item.name,
            ...(image && { image }),
          });
          return landed(made.ok ? { ok: true, value: made.value.subCategory } : made);
        }
        case 2: {
          const made = await addFilter(ports, { subCategoryId: parentId!, name: item.name });
          return landed(made.ok ? { ok: true, value: made.value.filter } : made);
        }
        case 3: {
          const made = await addFilterValue(ports, { filterId: parentId!, name: item.name });
          return landed(made.ok ? { ok: true, value: made.value.value } : made);
        }
      }
      break;
    case "update":
      switch (item.level) {
        case 0:
          return landed(await editCategory(ports, id, { ...(name && { name }), ...(image && { image }) }));
        case 1: {
          const edited = await editSubCategory(ports, id, { ...(name && { name }), ...(image && { image }) });
          return landed(edited.ok ? { ok: true, value: edited.value.subCategory } : edited);
        }
        case 2:
          return landed(await renameFilter(ports, id, item.name));
        case 3:
          return landed(await renameFilterValue(ports, id, item.name));
      }
      break;
    case "delete":
      switch (item.level) {
        case 0:
          return failed(await deleteCategory(ports, id));
        case 1:
          return failed(await deleteSubCategory(ports, id));
        case 2:
          return failed(await deleteFilter(ports, id));
        case 3:
          return failed(await deleteFilterValue(ports, id));
      }
  }
  return null;
}
