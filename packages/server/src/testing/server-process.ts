import { type ChildProcess, spawn } from "node:child_process";
import { type AddressInfo, createServer } from "node:net";
import { fileURLToPath } from "node:url";

// The real server (main.ts) in a process of its own, as an operator runs it: for the tests of the
// process itself, of several instances, and for the chat bench.

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** What it printed so far, stdout and stderr. */
  output(): string;
  /** Its exit code once it has exited. */
  readonly exited: Promise<number | null>;
}

/**
 * Starts main.ts (through tsx) with the tests' defaults — NODE_ENV=test, 127.0.0.1 on a free port,
 * SEED=none, LOG_LEVEL=warn — under `env`; it does not wait for it to answer (see `whenReady`).
 */
export async function spawnServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      SEED: "none",
      LOG_LEVEL: "warn",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** The server once it answers its health check; null if it exited first or did not answer in `timeoutMs`. */
export async function whenReady(server: ServerProcess, timeoutMs = 120_000): Promise<ServerProcess | null> {
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  for (const until = Date.now() + timeoutMs; !gone && Date.now() < until; ) {
    const ok = await fetch(`${server.url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Stops the server (SIGTERM, as an operator would) and waits for it to exit; nothing if it has. */
export async function stopServer(server: ServerProcess | undefined | null): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}
