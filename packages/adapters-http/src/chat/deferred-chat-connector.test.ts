import type { ChatConnection, ChatConnector, ChatListener } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { CHAT_LOAD_FAILED, DeferredChatConnector } from "./deferred-chat-connector.js";

/** A connector that records what reaches its connections. */
function recordingConnector() {
  const log: string[] = [];
  const connector: ChatConnector = {
    connect(slug, token, listener) {
      log.push(`connect ${slug} ${token}`);
      listener.onOpen?.();
      return {
        send: (message) => log.push(`send ${message}`),
        markRead: () => log.push("read"),
        close: () => log.push("close"),
      } satisfies ChatConnection;
    },
  };
  return { connector, log };
}

const listener = (events: string[]): ChatListener => ({
  onOpen: () => events.push("open"),
  onMessage: () => events.push("message"),
  onClose: (code) => events.push(`close ${code}`),
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("DeferredChatConnector", () => {
  it("loads the connector on the first room opened, once, and then talks through it", async () => {
    const { connector, log } = recordingConnector();
    let loads = 0;
    const deferred = new DeferredChatConnector(async () => {
      loads += 1;
      return connector;
    });
    expect(loads).toBe(0);
    const events: string[] = [];
    const first = deferred.connect("room-a", "tok", listener(events));
    first.send("too early");
    await settle();
    first.send("hello");
    first.markRead();
    first.close();
    const second = deferred.connect("room-b", "tok", listener(events));
    await settle();
    second.close();
    expect(loads).toBe(1);
    expect(events).toEqual(["open", "open"]);
    expect(log).toEqual(["connect room-a tok", "send hello", "read", "close", "connect room-b tok", "close"]);
  });

  it("does not connect a room closed before the connector arrived", async () => {
    const { connector, log } = recordingConnector();
    const deferred = new DeferredChatConnector(async () => connector);
    deferred.connect("room-a", "tok", listener([])).close();
    await settle();
    expect(log).toEqual([]);
  });

  it("closes abnormally when the connector cannot be loaded, and tries again on the next room", async () => {
    const { connector, log } = recordingConnector();
    let fail = true;
    const deferred = new DeferredChatConnector(async () => {
      if (fail) throw new Error("offline");
      return connector;
    });
    const events: string[] = [];
    deferred.connect("room-a", "tok", listener(events));
    await settle();
    expect(events).toEqual([`close ${CHAT_LOAD_FAILED}`]);
    fail = false;
    deferred.connect("room-a", "tok", listener(events));
    await settle();
    expect(log).toEqual(["connect room-a tok"]);
  });
});
