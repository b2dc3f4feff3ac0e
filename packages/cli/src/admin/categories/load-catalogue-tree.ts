import type { CategoryGateway, Result } from "@katale/domain";
import type { CurrentNode } from "./category-tree.js";

/** Sub categories whose filters are asked for at once. */
const CONCURRENCY = 6;

/**
 * The whole catalogue as a tree, from the public lists: categories, every sub category, and each
 * sub category's filters with their values. The first failed answer is returned as is.
 */
export async function loadCatalogueTree(categories: CategoryGateway): Promise<Result<CurrentNode[]>> {
  const [all, subs] = await Promise.all([categories.listCategories(), categories.listSubCategories()]);
  if (!all.ok) return all;
  if (!subs.ok) return subs;
  const filters = new Map<number, CurrentNode[]>();
  let next = 0;
  let failure: Result<never> | undefined;
  const worker = async () => {
    while (next < subs.value.length && failure === undefined) {
      const sub = subs.value[next++]!;
      const listed = await categories.listFilters(sub.id);
      if (!listed.ok) {
        failure = listed;
        return;
      }
      filters.set(
        sub.id,
        listed.value.map((f) => ({
          id: f.id,
          name: f.name,
          imageUrl: null,
          children: f.values.map((v) => ({ id: v.id, name: v.name, imageUrl: null, children: [] })),
        })),
      );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failure) return failure;
  return {
    ok: true,
    value: all.value.map((c) => ({
      id: c.id,
      name: c.name,
      imageUrl: c.imageUrl,
      children: subs.value
        .filter((s) => s.categoryId === c.id)
        .map((s) => ({ id: s.id, name: s.name, imageUrl: s.imageUrl, children: filters.get(s.id) ?? [] })),
    })),
  };
}
