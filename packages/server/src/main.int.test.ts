import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, spawnServer, whenReady } from "./testing/server-process.js";

// The real server process (main.ts) on an embedded database, as an operator runs it: one server per
// DATA_DIR, a lock left by a crash does not block the restart, and stalled clients are dropped.

const startServer = (dataDir: string) =>
  spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    HTTP_HEADERS_TIMEOUT_SECONDS: "1",
    HTTP_REQUEST_TIMEOUT_SECONDS: "2",
  });

/** Resolves once the server answers its health check; null if it exited first. */
const ready = (server: ServerProcess) => whenReady(server, 60_000);

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
  const started: ServerProcess[] = [];
  let running: ServerProcess | null = null;
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
