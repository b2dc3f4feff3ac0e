import { execFileSync } from "node:child_process";
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
    const fish = await script("fish");
    expect(fish.code).toBe(2);
    expect(fish.stderr).toContain("bash, zsh");
  });
});
