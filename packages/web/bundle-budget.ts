import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * The JavaScript a first visit of / downloads stays at or under this, gzipped (issue 13: React and
 * react-dom in production, at most 170 KB).
 */
export const HOME_JS_BUDGET_BYTES = 170 * 1024;

interface ChunkInfo {
  readonly code: string;
  readonly imports: readonly string[];
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
}

/**
 * Reports, after every build, the gzipped JavaScript that loading / costs: the entry chunk, the
 * chunks it imports statically, and the home screen's lazy chunk with its own static imports. The
 * build fails when that passes the budget, so a heavy import on the first screen is caught here.
 */
export function bundleBudget(homeModule: RegExp): Plugin {
  return {
    name: "katale-bundle-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === "chunk") chunks.set(fileName, output);
      }
      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const [fileName, chunk] of chunks) {
        if (chunk.isEntry || (chunk.facadeModuleId !== null && homeModule.test(chunk.facadeModuleId))) {
          visit(fileName);
        }
      }
      let total = 0;
      const rows = [...loaded].map((fileName) => {
        const size = gzipSync(chunks.get(fileName)?.code ?? "", { level: 9 }).length;
        total += size;
        return { fileName, size };
      });
      rows.sort((a, b) => b.size - a.size);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const lines = rows.map((row) => `  ${kb(row.size).padStart(9)}  ${row.fileName}`);
      this.info(
        `JavaScript loaded for /: ${kb(total)} gzipped (budget ${kb(HOME_JS_BUDGET_BYTES)})\n${lines.join("\n")}`,
      );
      if (total > HOME_JS_BUDGET_BYTES) {
        this.error(
          `JavaScript loaded for / is ${kb(total)} gzipped, over the ${kb(HOME_JS_BUDGET_BYTES)} budget`,
        );
      }
    },
  };
}
