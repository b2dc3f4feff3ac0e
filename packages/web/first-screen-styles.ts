import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import type { Plugin, ResolvedConfig } from "vite";

/** Where the first screen's stylesheet is written, beside index.html (the server inlines it, never a browser). */
export const FIRST_SCREEN_STYLES_FILE = "first-screen.css";

interface BuiltChunk {
  readonly modules: Readonly<Record<string, { readonly code: string | null }>>;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
}

/**
 * Writes dist/first-screen.css: the app's stylesheet (`stylesheet`, built by Tailwind again) with only
 * the classes that index.html and the JavaScript a first visit of / loads name (the entry, the chunks
 * it imports and the chunks of the modules matching `firstVisit`, with theirs). With data saver the
 * server inlines it in / instead of the whole stylesheet, and the app loads the whole one before it
 * shows anything that visit did not load (src/ui/all-styles.ts). The same compiler with fewer classes
 * writes its rules in the same order, and the whole stylesheet loaded after it holds them all again in
 * that order: the cascade is the whole stylesheet's alone.
 */
export function firstScreenStyles(stylesheet: string, firstVisit: RegExp): Plugin {
  let config: ResolvedConfig;
  return {
    name: "katale-first-screen-styles",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const chunks = new Map<string, BuiltChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") chunks.set(output.fileName, output);
      }
      const loaded = new Set<string>();
      const visit = (fileName: string) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const [fileName, chunk] of chunks) {
        if (chunk.isEntry || (chunk.facadeModuleId !== null && firstVisit.test(chunk.facadeModuleId))) {
          visit(fileName);
        }
      }
      const html = await readFile(resolve(config.root, "index.html"), "utf8");
      // The app's own modules as built (the class names are the same strings), read by Tailwind's own
      // scanner as its Vite plugin reads the sources. Not the libraries': Tailwind does not scan
      // node_modules, and their code holds many words that are class names too ("hidden", "table").
      const sources = [...loaded].flatMap((fileName) =>
        Object.entries(chunks.get(fileName)?.modules ?? {})
          .filter(([id]) => !id.includes("/node_modules/"))
          .map(([, module]) => ({ content: module.code ?? "", extension: "js" })),
      );
      const candidates = new Scanner({}).scanFiles([{ content: html, extension: "html" }, ...sources]);
      const compiler = await compile(await readFile(stylesheet, "utf8"), {
        base: dirname(stylesheet),
        onDependency: () => {},
      });
      const { code } = optimize(compiler.build(candidates), { minify: true });
      this.emitFile({ type: "asset", fileName: FIRST_SCREEN_STYLES_FILE, source: code });
    },
  };
}
