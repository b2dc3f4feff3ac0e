import { findShopsByRef, type Shop } from "@katale/domain";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import { engagementCliMessages } from "../engagement/engagement-cli-messages.js";
import type { Invocation } from "../invocation.js";

/** By id when all digits, else by name (case and spacing aside); several of one name ask for the id. */
export async function findShop(run: Invocation, ref: string): Promise<Shop> {
  const found = await findShopsByRef(run.services.shops, ref);
  const named: Shop[] = run.unwrap(found, { notFound: cliMessages.shopNotFound });
  const [shop] = named;
  if (shop === undefined) throw new CliFailure(engagementCliMessages.shopNameNotFound(ref.trim()));
  if (named.length > 1)
    throw new CliFailure(
      engagementCliMessages.shopNameAmbiguous(
        ref.trim(),
        named.map((s) => s.id),
      ),
    );
  return shop;
}
