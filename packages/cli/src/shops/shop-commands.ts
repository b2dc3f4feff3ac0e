import { loadShopPage } from "@katale/domain";
import type { Command } from "commander";
import { cliMessages } from "../cli-messages.js";
import { parseId } from "../config/option-parsers.js";
import type { Invoke } from "../invocation.js";
import { renderShopPage, renderShops } from "./shop-render.js";

/** `katale shops list`, `katale shops show <id>`. */
export function registerShopCommands(program: Command, invoke: Invoke): void {
  const shops = program.command("shops").description("browse shops");

  shops
    .command("list")
    .description("list all shops")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      run.show(run.unwrap(await run.services.shops.listShops()), renderShops);
    });

  shops
    .command("show")
    .description("show a shop: its details, followers and first products")
    .argument("<id>", "the shop's id (see katale shops list)", parseId)
    .action(async (id: number, _options: object, command: Command) => {
      const run = invoke(command);
      const page = run.unwrap(await loadShopPage(run.services, id), { notFound: cliMessages.shopNotFound });
      run.show(page, renderShopPage);
    });
}
