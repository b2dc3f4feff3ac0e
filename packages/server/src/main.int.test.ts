import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// The real server process (main.ts) on an embedded database, as an operator runs it: one server per
// DATA_DIR, a lock left by a crash does not block the restart, and stalled clients are dropped.

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED: "none",
      LOG_LEVEL: "warn",
      HTTP_HEADERS_TIMEOUT_SECONDS: "1",
      HTTP_REQUEST_TIMEOUT_SECONDS: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

/** Resolves once the server answers its health check; null if it exited first. */
async function ready(server: Running): Promise<Running | null> {
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  for (let i = 0; i < 600 && !gone; i++) {
    const ok = await fetch(`http://127.0.0.1:${server.port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Sends a request whose body never ends; what the server answers when it closes, null if still open after 15 s. */
function stalledRequest(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    let text = "";
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        "POST /api/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          'Content-Length: 200\r\n\r\n{"username": "a',
      );
    });
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, 15_000);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

describe("the server process", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "katale-main-"));
  const started: Running[] = [];
  let running: Running | null = null;
  const start = async () => {
    const server = await startServer(dataDir);
    started.push(server);
    return server;
  };
  afterAll(async () => {
    for (const s of started)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second server on its DATA_DIR, and restarts after a crash or a foreign lock file", async () => {
    const first = await ready(await start());
    expect(first, "the first server did not start").not.toBeNull();

    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/^katale: Another Katale server \(pid \d+\) is using /m);

    // A crash leaves the lock behind.
    first!.child.kill("SIGKILL");
    await first!.exited;
    expect(existsSync(join(dataDir, "katale.lock"))).toBe(true);
    const restarted = await ready(await start());
    expect(restarted, "the restart after a crash did not start").not.toBeNull();
    restarted!.child.kill("SIGTERM");
    expect(await restarted!.exited).toBe(0);
    expect(existsSync(join(dataDir, "katale.lock"))).toBe(false);

    // A lock file naming a process that is not a Katale server (pid 1 is always running).
    writeFileSync(join(dataDir, "katale.lock"), "1\n");
    const third = await ready(await start());
    expect(third, "a lock file holding '1' blocked start-up").not.toBeNull();
    running = third;
  }, 120_000);

  it("drops connections whose request stops coming", async () => {
    const server = running ?? (await ready(await startServer(mkdtempSync(join(tmpdir(), "katale-main-")))));
    if (server && !started.includes(server)) started.push(server);
    expect(server, "no server runs").not.toBeNull();
    const texts = await Promise.all([1, 2, 3, 4, 5].map(() => stalledRequest(server!.port)));
    for (const text of texts) {
      expect(text, "still open after 15 s").not.toBeNull();
      expect(text).toMatch(/^HTTP\/1\.1 408 .*"code":"request_timeout"/s);
    }
  }, 60_000);
});
