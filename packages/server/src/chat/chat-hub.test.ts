import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { ChatHub } from "./chat-hub.js";

// The hub's production manners (issue 11) on sockets that behave like ws's: heartbeat, slow
// readers, limits, shutdown. The whole path with real sockets is in chat.int.test.ts.

class Socket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  closedWith: [number, string] | undefined;
  send(frame: string) {
    this.sent.push(frame);
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit("close", 1006, Buffer.from(""));
  }
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
    this.readyState = 3;
    this.emit("close", code, Buffer.from(reason));
  }
}

const asWs = (s: Socket) => s as unknown as WebSocket;

describe("chat hub", () => {
  afterEach(() => vi.useRealTimers());

  it("pings every socket each period and drops the ones that did not answer the last ping", () => {
    vi.useFakeTimers();
    const hub = new ChatHub({ pingEveryMs: 30_000 });
    const [alive, dead] = [new Socket(), new Socket()];
    hub.join(asWs(alive), 1, 10);
    hub.join(asWs(dead), 2, 10);
    vi.advanceTimersByTime(30_000);
    expect([alive.pings, dead.pings]).toEqual([1, 1]);
    alive.emit("pong");
    vi.advanceTimersByTime(30_000);
    expect(alive.terminated).toBe(false);
    expect(alive.pings).toBe(2);
    expect(dead.terminated).toBe(true);
    expect(hub.size).toBe(1);
    hub.stop();
  });

  it("delivers to every socket of the room only, and drops a reader whose buffer is past the bound", () => {
    const hub = new ChatHub({ maxBuffered: 1000 });
    const [a, b, slow, elsewhere] = [new Socket(), new Socket(), new Socket(), new Socket()];
    hub.join(asWs(a), 1, 10);
    hub.join(asWs(b), 2, 10);
    hub.join(asWs(slow), 3, 10);
    hub.join(asWs(elsewhere), 4, 11);
    slow.bufferedAmount = 1001;
    hub.deliver(10, "hello");
    expect([a.sent, b.sent, slow.sent, elsewhere.sent]).toEqual([["hello"], ["hello"], [], []]);
    expect(slow.terminated).toBe(true);
    expect(hub.size).toBe(3);
    hub.stop();
  });

  it("counts a user's sockets, and frees them as sockets close", () => {
    const hub = new ChatHub({ maxSocketsPerUser: 2 });
    const [s1, s2] = [new Socket(), new Socket()];
    hub.join(asWs(s1), 7, 1);
    expect(hub.canOpen(7)).toBe(true);
    hub.join(asWs(s2), 7, 2);
    expect(hub.canOpen(7)).toBe(false);
    expect(hub.canOpen(8)).toBe(true);
    s1.close(1000, "bye");
    expect(hub.canOpen(7)).toBe(true);
    hub.stop();
  });

  it("tells its counts per user as they change and repeats them all with each heartbeat", () => {
    vi.useFakeTimers();
    const changes: [number, number][] = [];
    const beats: [number, number][][] = [];
    const hub = new ChatHub(
      { pingEveryMs: 30_000, maxSocketsPerUser: 3 },
      {
        changed: (user, count) => changes.push([user, count]),
        heartbeat: (counts) => beats.push([...counts]),
      },
    );
    const [s1, s2, s3] = [new Socket(), new Socket(), new Socket()];
    hub.join(asWs(s1), 7, 1);
    hub.join(asWs(s2), 7, 2);
    hub.join(asWs(s3), 8, 1);
    // Two here and one on another instance: the user is at the limit.
    expect(hub.canOpen(7, 1)).toBe(false);
    expect(hub.canOpen(7, 0)).toBe(true);
    s1.close(1000, "bye");
    vi.advanceTimersByTime(30_000);
    expect(changes).toEqual([
      [7, 1],
      [7, 2],
      [8, 1],
      [7, 1],
    ]);
    expect(beats).toEqual([
      [
        [7, 1],
        [8, 1],
      ],
    ]);
    s2.close(1000, "bye");
    expect(changes.at(-1)).toEqual([7, 0]);
    hub.stop();
  });

  it("closes every socket with the given code at shutdown", () => {
    const hub = new ChatHub();
    const sockets = [new Socket(), new Socket(), new Socket()];
    for (const [i, s] of sockets.entries()) hub.join(asWs(s), i + 1, i % 2);
    hub.closeAll(1001, "server shutting down");
    expect(sockets.map((s) => s.closedWith)).toEqual(Array(3).fill([1001, "server shutting down"]));
    expect(hub.size).toBe(0);
    hub.stop();
  });
});
