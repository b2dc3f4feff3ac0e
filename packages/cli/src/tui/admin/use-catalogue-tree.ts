import { resolve } from "node:path";
import {
  type Filter,
  messages,
  type Result,
  type SubCategory,
  type WordedError,
  webAdminMessages,
} from "@katale/domain";
import {
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
import { useCallback, useState } from "react";
import { adminFailureOf } from "../../admin/admin-run.js";
import { loadImageFile } from "../../selling/image-files.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useFailureText } from "../use-failure-text.js";
import { useLoad } from "../use-load.js";
import { imageProblem, type Node, type Prompt } from "./catalogue-tree.js";

/**
 * The admin's catalogue: the categories and what is open under them (`toggle`), `remove` and
 * `apply` (a prompt's answer: add, rename, set an image), each said on the status line.
 */
export function useCatalogueTree() {
  const services = useTuiServices();
  const tui = useTui();
  const admin = services.admin!;
  const describe = useFailureText();
  const categories = useLoad(() => services.categories.listCategories(), describe, []);
  const [subs, setSubs] = useState<Map<number, SubCategory[]>>(new Map());
  const [filters, setFilters] = useState<Map<number, Filter[]>>(new Map());
  const [openFilters, setOpenFilters] = useState<Set<number>>(new Set());

  const loadSubs = useCallback(
    async (categoryId: number) => {
      const answer = await services.categories.listSubCategoriesOf(categoryId);
      if (!answer.ok) return tui.say(describe(answer.error), "error");
      setSubs((m) => new Map(m).set(categoryId, answer.value));
    },
    [services, tui.say, describe],
  );
  const loadFilters = useCallback(
    async (subCategoryId: number) => {
      const answer = await services.categories.listFilters(subCategoryId);
      if (!answer.ok) return tui.say(describe(answer.error), "error");
      setFilters((m) => new Map(m).set(subCategoryId, answer.value));
    },
    [services, tui.say, describe],
  );

  const toggle = (node: Node) => {
    if (node.level === "category") {
      if (subs.has(node.item.id))
        setSubs((m) => {
          const next = new Map(m);
          next.delete(node.item.id);
          return next;
        });
      else void loadSubs(node.item.id);
    } else if (node.level === "sub-category") {
      if (filters.has(node.item.id))
        setFilters((m) => {
          const next = new Map(m);
          next.delete(node.item.id);
          return next;
        });
      else void loadFilters(node.item.id);
    } else if (node.level === "filter") {
      setOpenFilters((s) => {
        const next = new Set(s);
        if (next.has(node.item.id)) next.delete(node.item.id);
        else next.add(node.item.id);
        return next;
      });
    }
  };

  /** After a change: what the node's parent lists, again. */
  const refresh = async (node: Node | null) => {
    if (node === null || node.level === "category") return categories.reload();
    if (node.level === "sub-category") return loadSubs(node.item.categoryId);
    const subId = node.level === "filter" ? node.item.subCategoryId : node.filter.subCategoryId;
    return loadFilters(subId);
  };
  const finish = async (result: Result<unknown, WordedError>, said: string, node: Node | null) => {
    if (!result.ok) return tui.say(adminFailureOf(result.error, services.urls.shopUrl).message, "error");
    tui.say(said);
    await refresh(node);
  };

  const remove = async (node: Node) => {
    const name = node.item.name;
    const result =
      node.level === "category"
        ? await deleteCategory(admin, node.item.id)
        : node.level === "sub-category"
          ? await deleteSubCategory(admin, node.item.id)
          : node.level === "filter"
            ? await deleteFilter(admin, node.item.id)
            : await deleteFilterValue(admin, node.item.id);
    await finish(result, webAdminMessages.deleted(name), node);
  };

  const apply = async (active: Prompt, text: string) => {
    const name = text.trim();
    if (active.kind === "add") {
      const under = active.under;
      if (under === null) return finish(await addCategory(admin, { name }), tuiMessages.added(name), null);
      if (under.level === "category") {
        const result = await addSubCategory(admin, { categoryId: under.item.id, name });
        if (result.ok) await loadSubs(under.item.id);
        return finish(result, tuiMessages.added(name), null);
      }
      if (under.level === "sub-category") {
        const result = await addFilter(admin, { subCategoryId: under.item.id, name });
        if (result.ok) await loadFilters(under.item.id);
        return result.ok ? tui.say(tuiMessages.added(name)) : finish(result, "", null);
      }
      if (under.level === "filter") {
        const result = await addFilterValue(admin, { filterId: under.item.id, name });
        if (result.ok) setOpenFilters((s) => new Set(s).add(under.item.id));
        return finish(result, tuiMessages.added(name), {
          level: "value",
          item: { id: 0, filterId: under.item.id, name },
          filter: under.item,
        });
      }
      return;
    }
    if (active.kind === "image") {
      const file = text.trim();
      if (file === "") return;
      const loaded = await loadImageFile(resolve(file));
      if (typeof loaded === "string") return tui.say(imageProblem(file, loaded), "error");
      const node = active.node;
      const result =
        node.level === "category"
          ? await editCategory(admin, node.item.id, { image: loaded })
          : await editSubCategory(admin, node.item.id, { image: loaded });
      return finish(
        result,
        node.level === "category" ? webAdminMessages.categoryEdited : messages.catalogue.subCategoryEdited,
        node,
      );
    }
    const node = active.node;
    if (active.kind !== "rename") return;
    const result =
      node.level === "category"
        ? await editCategory(admin, node.item.id, { name })
        : node.level === "sub-category"
          ? await editSubCategory(admin, node.item.id, { name })
          : node.level === "filter"
            ? await renameFilter(admin, node.item.id, name)
            : await renameFilterValue(admin, node.item.id, name);
    await finish(result, tuiMessages.renamed(node.item.name, name), node);
  };

  return { categories: categories.loaded, open: { subs, filters, openFilters }, toggle, remove, apply };
}
