import type { Command, Option } from "commander";
import { eachCommand } from "./each-command.js";

/** A word fish reads literally inside single quotes. */
function quoted(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

/** `-l json -s j -r -d '…'`: the option's flags, whether it takes a value, its description. */
function optionFlags(option: Option): string {
  const flags = [
    option.long?.startsWith("--") ? `-l ${option.long.slice(2)}` : undefined,
    option.short?.startsWith("-") ? `-s ${option.short.slice(1)}` : undefined,
    option.required || option.optional ? "-r" : undefined,
    // A value of a few (`--sort newest`): offered instead of files.
    option.argChoices ? `-f -a ${quoted(option.argChoices.join(" "))}` : undefined,
    option.description ? `-d ${quoted(option.description)}` : undefined,
  ];
  return flags.filter((f) => f !== undefined).join(" ");
}

/**
 * A fish completion script for `katale`, generated from the same command tree as the bash one:
 * __katale_at follows the words typed so far that name commands, and each level offers its
 * subcommands (with their descriptions) and options. Where a command has subcommands, file
 * names are not offered; after a leaf command they are (CSV files, images).
 */
export function fishCompletionScript(program: Command): string {
  const paths: string[] = [];
  const lines: string[] = [];
  eachCommand(program, (command, path) => {
    if (path !== "") paths.push(`katale${path}`);
    const at = `-n ${quoted(`__katale_at "katale${path}"`)}`;
    for (const sub of command.commands) {
      lines.push(`complete -c katale ${at} -f -a ${quoted(sub.name())} -d ${quoted(sub.description())}`);
    }
    // A first argument of a few fixed values (`completion <shell>`) offers them instead of files.
    const choices = command.commands.length === 0 ? command.registeredArguments[0]?.argChoices : undefined;
    if (choices) lines.push(`complete -c katale ${at} -f -a ${quoted(choices.join(" "))}`);
    // The program's own options are global: they are offered at every level, once, below.
    if (command === program) return;
    for (const option of command.options) lines.push(`complete -c katale ${at} ${optionFlags(option)}`);
  });
  const globals = program.options.map((option) =>
    option.long === "--version"
      ? `complete -c katale -n ${quoted(`__katale_at "katale"`)} ${optionFlags(option)}`
      : `complete -c katale ${optionFlags(option)}`,
  );
  return `# katale completion for fish: add to ~/.config/fish/config.fish
#   katale completion fish | source
# or save it as ~/.config/fish/completions/katale.fish
function __katale_at --argument-names want --description 'is the katale command typed so far want?'
    set -l words (commandline -opc)
    set -e words[1]
    set -l kpath katale
    for w in $words
        switch "$kpath $w"
            case ${paths.map(quoted).join(" ")}
                set kpath "$kpath $w"
        end
    end
    test "$kpath" = "$want"
end
complete -c katale -e
${lines.join("\n")}
${globals.join("\n")}
complete -c katale -s h -l help -d 'display help for command'
`;
}
