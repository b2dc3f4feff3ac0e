import { connectServices } from "./composition-root.js";
import { outputWidth } from "./output/cli-io.js";
import { runCli } from "./run-cli.js";

// The `katale` executable (dist/katale.js).

// `katale … | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  io: {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    width: outputWidth(process.stdout.isTTY ? process.stdout.columns : undefined, process.env),
    ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
  },
  env: process.env,
  connect: (urls) => connectServices(urls),
});
