import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliServices } from "../cli-services.js";
import { runCli } from "../run-cli.js";

async function script(shell: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(["completion", shell], {
    io: { out: (t) => out.push(t), err: (t) => err.push(t), width: 80 },
    env: {},
    connect: (urls) => ({ urls }) as unknown as CliServices,
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

/** What bash offers after `line` and a Tab: the script sourced in a real bash, _katale called as complete would. */
function offered(bashScript: string, line: string): string[] {
  const words = line.split(" ");
  const program = `${bashScript}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")})
COMP_CWORD=${words.length - 1}
_katale
printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync("bash", ["-c", program], { encoding: "utf8" }).split("\n").filter(Boolean);
}

describe("katale completion", () => {
  it("offers the commands, then each command's subcommands and options, in a real bash", async () => {
    const { code, stdout } = await script("bash");
    expect(code).toBe(0);
    expect(offered(stdout, "katale pro")).toEqual(["products"]);
    expect(offered(stdout, "katale products im")).toEqual(["import"]);
    expect(offered(stdout, "katale products import items.csv --d")).toEqual(["--dry-run"]);
    expect(offered(stdout, "katale --json shops cr")).toEqual(["create"]);
    expect(offered(stdout, "katale products browse --sort price_")).toEqual(["price_asc", "price_desc"]);
    expect(offered(stdout, "katale searches ")).toEqual(expect.arrayContaining(["save", "list", "delete"]));
    expect(offered(stdout, "katale notifications se")).toEqual(["settings"]);
    expect(offered(stdout, "katale notifications settings --se")).toEqual(["--set"]);
    expect(offered(stdout, "katale notifications read --a")).toEqual(["--all", "--auth-url"]);
    expect(offered(stdout, "katale rep")).toEqual(["report"]);
    expect(offered(stdout, "katale admin re")).toEqual(
      expect.arrayContaining(["reports", "resolve", "restore", "reject", "revoke"]),
    );
    expect(offered(stdout, "katale admin resolve 1 --action ")).toEqual(["dismiss", "hide", "suspend"]);
    expect(offered(stdout, "katale smoke --")).toEqual(
      expect.arrayContaining([
        "--account",
        "--password-stdin",
        "--junit",
        "--timeout",
        "--json",
        "--shop-url",
      ]),
    );
  });

  it("prints a zsh script that loads bashcompinit, and refuses other shells as a usage error", async () => {
    const zsh = await script("zsh");
    expect(zsh.stdout).toContain("autoload -U +X bashcompinit && bashcompinit");
    expect(zsh.stdout).toContain("complete -o default -F _katale katale");
    const other = await script("powershell");
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("bash, zsh, fish");
  });

  it("prints a fish script to source, with every command and its description", async () => {
    const { code, stdout } = await script("fish");
    expect(code).toBe(0);
    expect(stdout).toContain("katale completion fish | source");
    expect(stdout).toContain(
      "complete -c katale -n '__katale_at \"katale products\"' -f -a 'import' -d 'add and update",
    );
  });

  const fish = hasFish();
  it.skipIf(!fish)(
    `offers each level's subcommands, options and files in a real fish${fish ? "" : " (skipped: fish is not installed)"}`,
    async () => {
      const { stdout } = await script("fish");
      const dir = mkdtempSync(join(tmpdir(), "katale-fish-"));
      const file = join(dir, "katale.fish");
      writeFileSync(file, stdout);
      writeFileSync(join(dir, "items.csv"), "");
      // fish -n: the script parses.
      expect(() => execFileSync("fish", ["-n", file])).not.toThrow();
      expect(fishOffers(file, dir, "katale pro")).toEqual(["products\tbrowse products"]);
      expect(fishOffers(file, dir, "katale products im")).toEqual([expect.stringMatching(/^import\t/)]);
      expect(fishOffers(file, dir, "katale --json shops cr")).toEqual([expect.stringMatching(/^create\t/)]);
      expect(fishOffers(file, dir, "katale products import items.csv --d")).toEqual([
        expect.stringMatching(/^--dry-run\t/),
      ]);
      expect(fishOffers(file, dir, "katale products import it")).toEqual(["items.csv"]);
      expect(fishOffers(file, dir, "katale completion ")).toEqual(["bash", "fish", "zsh"]);
      expect(fishOffers(file, dir, "katale smoke --").map((o) => o.split("\t")[0])).toEqual(
        expect.arrayContaining(["--account", "--junit", "--json", "--shop-url", "--help"]),
      );
    },
  );
});

function hasFish(): boolean {
  try {
    execFileSync("fish", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** What fish offers after `line` and a Tab, in `cwd`, with the script sourced: `complete -C`. */
function fishOffers(file: string, cwd: string, line: string): string[] {
  return execFileSync("fish", ["--no-config", "-c", `source ${file}; complete -C '${line}'`], {
    cwd,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
}
