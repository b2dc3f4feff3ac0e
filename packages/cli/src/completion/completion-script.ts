import type { Command } from "commander";
import { eachCommand } from "./each-command.js";
import { fishCompletionScript } from "./fish-completion-script.js";

/** Each command path ("", " products", " products list") with the words that may follow it. */
export function commandWords(program: Command): Map<string, string[]> {
  const words = new Map<string, string[]>();
  eachCommand(program, (command, path) => {
    const subcommands = command.commands.map((c) => c.name());
    const options = command.options
      .flatMap((o) => [o.long, o.short])
      .filter((f): f is string => f !== undefined);
    // Global options (declared on the program) are taken after any subcommand too.
    const inherited =
      path === ""
        ? []
        : program.options.map((o) => o.long).filter((f): f is string => f !== undefined && f !== "--version");
    words.set(path, [...new Set([...subcommands, ...options, ...inherited, "--help"])]);
  });
  return words;
}

/** Options that take one of a few values (`--sort`), with the values: offered right after the option. */
export function optionChoices(program: Command): Map<string, string[]> {
  const choices = new Map<string, string[]>();
  eachCommand(program, (command) => {
    for (const option of command.options)
      if (option.long !== undefined && option.argChoices !== undefined)
        choices.set(option.long, [...new Set([...(choices.get(option.long) ?? []), ...option.argChoices])]);
  });
  return choices;
}

/**
 * A bash completion script for `katale`, generated from the command tree: the words typed so far
 * that name commands pick the level, and the level's subcommands and options are offered. zsh
 * runs the same script through bashcompinit. Files complete where nothing else matches (CSV, images).
 */
export function completionScript(program: Command, shell: "bash" | "zsh" | "fish"): string {
  if (shell === "fish") return fishCompletionScript(program);
  const words = commandWords(program);
  const cases = [...words.entries()]
    .map(([path, list]) => `    "${path}") opts="${list.join(" ")}" ;;`)
    .join("\n");
  const known = [...words.keys()]
    .filter((p) => p !== "")
    .map((p) => `"${p}"`)
    .join("|");
  const values = [...optionChoices(program).entries()]
    .map(
      ([option, list]) => `    ${option}) COMPREPLY=($(compgen -W "${list.join(" ")}" -- "$cur")); return ;;`,
    )
    .join("\n");
  const bash = `_katale() {
  local cur kpath w i opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  case "\${COMP_WORDS[COMP_CWORD-1]}" in
${values}
  esac
  kpath=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$kpath $w" in
      ${known}) kpath="$kpath $w" ;;
    esac
  done
  case "$kpath" in
${cases}
    *) opts="" ;;
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}
complete -o default -F _katale katale
`;
  const header =
    shell === "zsh"
      ? '# katale completion for zsh: add to ~/.zshrc\n#   eval "$(katale completion zsh)"\nautoload -U +X bashcompinit && bashcompinit\n'
      : '# katale completion for bash: add to ~/.bashrc\n#   eval "$(katale completion bash)"\n';
  return `${header}${bash}`;
}
