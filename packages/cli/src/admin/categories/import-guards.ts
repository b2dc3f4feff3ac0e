import { adminServerMessages } from "@katale/domain";
import { type AdminPorts, productsHeld } from "@katale/domain/admin";
import type { Prompter } from "../../auth/prompter.js";
import { CliFailure } from "../../cli-failure.js";
import { adminCliMessages as text } from "../admin-cli-messages.js";
import type { PlanItem } from "./plan-categories.js";

// What `categories import` checks once the plan is known and before it sends anything: a
// deletion the service would refuse (the category or sub category still holds products) is
// failed at once, so a dry run says so too; and a prune, or a very large file, is confirmed.

/** Above this many changes, a file is applied only with --yes (or a typed confirmation). */
export const MANY_CHANGES = 5_000;

/** The word typed at a terminal to go on. */
const CONFIRM_WORD = "yes";

/**
 * The plan with each deletion of a category or sub category that holds products failed with the
 * service's words. Counted as the service counts them before a delete (the admins' product count:
 * out of stock and hidden products too, which the public listings leave out). A count that cannot
 * be read is left to the service.
 */
export async function failHeldDeletions(
  plan: readonly PlanItem[],
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
): Promise<PlanItem[]> {
  return Promise.all(
    plan.map(async (item) => {
      if (item.action !== "delete" || item.id === undefined || item.level > 1) return item;
      const count = await productsHeld(
        ports,
        item.level === 0 ? { categoryId: item.id } : { subCategoryId: item.id },
      );
      const held = count.ok ? count.value : 0;
      if (held === 0) return item;
      const error =
        item.level === 0
          ? adminServerMessages.categoryHoldsProducts(held)
          : adminServerMessages.subCategoryHoldsProducts(held);
      return { ...item, action: "failed", error };
    }),
  );
}

/** How many items change the catalogue. */
export function changeCount(plan: readonly PlanItem[]): number {
  return plan.filter((item) => item.action !== "unchanged" && item.action !== "failed").length;
}

/**
 * Goes on when nothing needs confirming, --yes was given, or the person at the terminal types
 * "yes"; else ends the command (exit 1) saying what --yes would do. Deletions and more than
 * MANY_CHANGES changes need it.
 */
export async function confirmImport(
  plan: readonly PlanItem[],
  options: { yes: boolean; prompter?: Prompter },
): Promise<void> {
  if (options.yes) return;
  const deletions = plan.filter((item) => item.action === "delete").length;
  const changes = changeCount(plan);
  if (deletions === 0 && changes <= MANY_CHANGES) return;
  const why = deletions > 0 ? text.pruneNeedsYes(deletions) : text.manyNeedYes(changes, MANY_CHANGES);
  const { prompter } = options;
  if (prompter === undefined || !prompter.interactive) throw new CliFailure(why);
  const typed = await prompter.askLine(text.confirmPrompt(changes, CONFIRM_WORD));
  if (typed?.trim().toLowerCase() !== CONFIRM_WORD) throw new CliFailure(text.notConfirmed);
}
