import { describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { socketError } from "./register-chat-sockets.js";

// A client's oversized frame (1009) is the client's fault: logged at info, without a stack.

function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void =>
      void lines.push({ level, fields, message });
  // biome-ignore lint/suspicious/noExplicitAny: the two levels the handler uses stand for pino's.
  return { lines, log: { info: at("info"), error: at("error") } as any };
}

describe("chat socket errors", () => {
  it("logs a frame over the limit (1009) at info without a stack, and a server fault at error", async () => {
    // The real ws error of an oversized frame, from a server that allows 16 bytes.
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1", maxPayload: 16 });
    await new Promise((resolve) => server.once("listening", resolve));
    const error = await new Promise<Error & { code?: string }>((resolve) => {
      server.on("connection", (socket) => socket.on("error", resolve));
      const { port } = server.address() as { port: number };
      const client = new WebSocket(`ws://127.0.0.1:${port}`);
      client.on("open", () => client.send("x".repeat(1000)));
      client.on("error", () => {});
    });
    server.close();
    const { lines, log } = recorder();
    let closed = 0;
    socketError(error, log, () => closed++);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", fields: { code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" } });
    expect(lines[0]?.fields).not.toHaveProperty("err");
    socketError(new Error("a bug"), log, () => closed++);
    expect(lines[1]).toMatchObject({ level: "error" });
    expect(closed).toBe(2);
  });
});
