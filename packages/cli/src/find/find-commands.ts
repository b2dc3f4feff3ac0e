import { type BrowseAsk, browseQueryString, type Result, signedInToken } from "@katale/domain";
import { Command } from "commander";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import { parseId } from "../config/option-parsers.js";
import type { Invocation, Invoke } from "../invocation.js";
import { addBrowseOptions, type BrowseOptions, browseOptionsProblem } from "./browse-options.js";
import { findCliMessages as text } from "./find-cli-messages.js";
import { type BrowsePage, browseJson, renderBrowsePage, renderSavedSearches } from "./find-render.js";
import type { FindServices } from "./find-services.js";
import { resolveBrowse } from "./resolve-browse.js";

/** `katale products browse` (joins the `products` group) and `katale searches save|list|delete`. */
export function registerFindCommands(program: Command, invoke: Invoke): void {
  const products = program.commands.find((c) => c.name() === "products")!;
  addBrowseOptions(
    products
      .command("browse")
      .description(
        "products narrowed by category, filter values, price, district, distance, verified shops and stock, sorted, with counts to narrow further",
      ),
  ).action(async (options: BrowseOptions, command: Command) => {
    const run = invoke(command);
    const problem = browseOptionsProblem(options);
    if (problem !== null) return run.usageError(problem);
    const page = await browse(run, options);
    run.show(page, renderBrowsePage, browseJson);
  });

  const searches = program.command("searches").description("your saved searches: save, list, delete");

  searches
    .command("save")
    .description("save a browse under a name: katale searches save NAME -- <products browse options>")
    .argument("<name>", "what to call it")
    .argument("[browse...]", "the options of katale products browse, after '--'")
    .action(async (name: string, words: string[], _options: object, command: Command) => {
      const run = invoke(command);
      const options = parseBrowseWords(run, command, words);
      const problem = browseOptionsProblem(options);
      if (problem !== null) return run.usageError(problem);
      const find = findOf(run);
      const resolved = run.unwrap(await resolveBrowse(run.services.categories, options));
      const token = loggedIn(find);
      const saved = signedIn(
        run,
        find,
        await find.finder.saveSearch(token, name, narrowingQuery(resolved.ask)),
      );
      run.show(saved, () => `${text.searchSaved(saved.name, saved.id)}\n${saved.query}\n`);
    });

  searches
    .command("list")
    .description("your saved searches, newest first")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const find = findOf(run);
      const list = signedIn(run, find, await find.finder.listSavedSearches(loggedIn(find)));
      run.show(list, renderSavedSearches);
    });

  searches
    .command("delete")
    .description("delete one of your saved searches")
    .argument("<id>", "its id (see katale searches list)", parseId)
    .action(async (id: number, _options: object, command: Command) => {
      const run = invoke(command);
      const find = findOf(run);
      signedIn(run, find, await find.finder.deleteSavedSearch(loggedIn(find), id), {
        notFound: text.savedSearchNotFound,
      });
      run.show({ id, deleted: true }, () => `${text.searchDeleted(id)}\n`);
    });
}

/** One browse: names resolved, then the page with its facets. */
async function browse(run: Invocation, options: BrowseOptions): Promise<BrowsePage> {
  const resolved = run.unwrap(await resolveBrowse(run.services.categories, options));
  const result = run.unwrap(await findOf(run).finder.browse(resolved.ask), { page: options.page });
  return { result, labels: resolved.labels, options, query: narrowingQuery(resolved.ask) };
}

/** The browse's query string without its paging: what a saved search keeps. */
function narrowingQuery(ask: BrowseAsk): string {
  const { page: _page, pageSize: _size, ...narrowing } = ask;
  return browseQueryString(narrowing);
}

/** The words after `--` read as `products browse` options; a bad one is a usage error. */
function parseBrowseWords(run: Invocation, command: Command, words: readonly string[]): BrowseOptions {
  if (words.length === 0) return run.usageError(text.saveNeedsOptions);
  const parser = addBrowseOptions(new Command("katale products browse"))
    .exitOverride()
    .allowExcessArguments(false)
    .helpOption(false)
    .configureOutput({ writeOut: (s) => run.io.out(s), writeErr: (s) => run.io.err(s) })
    .showHelpAfterError(cliMessages.usageHint(commandPath(command)));
  parser.parse([...words], { from: "user" });
  return parser.opts<BrowseOptions>();
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

function findOf(run: Invocation): FindServices {
  const find = run.services.find;
  if (find === undefined) throw new CliFailure(cliMessages.unexpected("find services are not configured"));
  return find;
}

/** The stored session's token, or the login hint before any request. */
function loggedIn(find: FindServices): string {
  const token = signedInToken(find.storage);
  if (!token.ok) throw new CliFailure(text.loginFirst);
  return token.value;
}

/** The value of a signed-in call; an expired session gets the login hint too. */
function signedIn<T>(
  run: Invocation,
  find: FindServices,
  result: Result<T>,
  context?: { readonly notFound?: string },
): T {
  if (!result.ok && result.error.kind === "not-logged-in" && find.storage.get("token") == null)
    throw new CliFailure(text.loginFirst);
  return run.unwrap(result, context);
}
