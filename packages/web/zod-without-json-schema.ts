import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";

/** Zod's modules that turn schemas into JSON Schema (what the web app never asks of them). */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

/**
 * Zod's schemas carry JSON Schema output (`.toJSONSchema()`, `~standard.jsonSchema`) whether it is
 * used or not: ~34 KB of its code, ~5 KB gzipped on every first visit. The web app validates with
 * Zod and never asks for JSON Schema (the server documents the API with it, outside this build), so
 * in the build those two modules become stand-ins of the same names: a getter that reads their
 * checks sees none, and asking for JSON Schema says it is not in the web app.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: "katale-zod-without-json-schema",
    apply: "build",
    enforce: "pre",
    async load(id) {
      const file = id.split("?")[0] ?? id;
      if (!JSON_SCHEMA_MODULES.test(file)) return null;
      const source = await readFile(file, "utf8");
      const names = new Set<string>();
      for (const match of source.matchAll(
        /^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm,
      ))
        names.add(match[1]!);
      for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of match[1]!.split(",")) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .at(-1);
          if (name) names.add(name);
        }
      }
      const stand = [...names].map((name) => `export const ${name} = standIn;`).join("\n");
      return `const unavailable = () => { throw new Error("JSON Schema is not part of the web app's Zod"); };\nconst standIn = () => unavailable;\n${stand}\n`;
    },
  };
}
