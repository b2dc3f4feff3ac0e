import { describe, expect, it } from "vitest";
import { FixedClock } from "../testing/fixed-clock.js";
import { InMemoryNotifications } from "../testing/in-memory-notifications.js";
import { INBOX_LATEST, LiveInbox } from "./live-inbox.js";

/** Lets the fake's connections open and the inbox's fetches answer (all on promises, no timers). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

async function opened(token = "t") {
  const clock = new FixedClock();
  const fake = new InMemoryNotifications(() => clock.now());
  fake.addUser("t");
  const inbox = LiveInbox.open({ notifications: fake, sockets: fake, clock, random: () => 0 }, token);
  await settle();
  return { clock, fake, inbox };
}

describe("the live inbox (the bell)", () => {
  it("shows the count and the latest entries once open, and each new entry on top at once", async () => {
    const { fake, inbox } = await opened();
    expect(inbox.getSnapshot()).toMatchObject({ connection: "open", unread: 0, latest: [] });
    fake.tell("t", { kind: "new_follower", title: "Shop has a new follower", foldKey: "f" });
    fake.tell("t", { kind: "review_on_my_product", title: "New review on Radio" });
    expect(inbox.getSnapshot().unread).toBe(2);
    expect(inbox.getSnapshot().latest?.map((e) => e.title)).toEqual([
      "New review on Radio",
      "Shop has a new follower",
    ]);
    // A fold moves its entry to the top, once.
    fake.tell("t", { kind: "new_follower", title: "Shop has 2 new followers", foldKey: "f" });
    expect(inbox.getSnapshot().latest?.map((e) => e.title)).toEqual([
      "Shop has 2 new followers",
      "New review on Radio",
    ]);
    expect(inbox.getSnapshot().unread).toBe(2);
  });

  it("keeps only the latest ten", async () => {
    const { fake, inbox } = await opened();
    for (let i = 0; i < INBOX_LATEST + 3; i++) fake.tell("t", { kind: "new_follower", title: `n${i}` });
    expect(inbox.getSnapshot().latest).toHaveLength(INBOX_LATEST);
    expect(inbox.getSnapshot().latest?.[0]?.title).toBe(`n${INBOX_LATEST + 2}`);
  });

  it("marks entries read, one or all, and the count follows", async () => {
    const { fake, inbox } = await opened();
    const first = fake.tell("t", { kind: "new_follower", title: "a" })!;
    fake.tell("t", { kind: "new_follower", title: "b" });
    await inbox.markRead([first.id]);
    expect(inbox.getSnapshot().unread).toBe(1);
    expect(inbox.getSnapshot().latest?.find((e) => e.id === first.id)?.read).toBe(true);
    await inbox.markRead();
    expect(inbox.getSnapshot().unread).toBe(0);
    expect(inbox.getSnapshot().latest?.every((e) => e.read)).toBe(true);
  });

  it("reconnects after a drop and reads what it missed", async () => {
    const { clock, fake, inbox } = await opened();
    fake.dropAll();
    expect(inbox.getSnapshot().connection).toBe("reconnecting");
    fake.open = false;
    fake.tell("t", { kind: "new_follower", title: "while away" });
    clock.advance(clock.nextTimerIn ?? 0);
    fake.openAll();
    await settle();
    expect(inbox.getSnapshot()).toMatchObject({ connection: "open", unread: 1 });
    expect(inbox.getSnapshot().latest?.[0]?.title).toBe("while away");
  });

  it("stops for good when the service does not know the session", async () => {
    const { clock, inbox } = await opened("unknown");
    await settle();
    expect(inbox.getSnapshot().connection).toBe("closed");
    expect(clock.nextTimerIn).toBeUndefined();
  });

  it("closes when the bell goes away", async () => {
    const { fake, inbox } = await opened();
    inbox.close();
    expect(inbox.getSnapshot().connection).toBe("closed");
    expect(fake.connections.every((c) => c.closed)).toBe(true);
  });
});
