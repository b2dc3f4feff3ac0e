import { login } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { App } from "../app.js";
import { driveTui } from "../tui-driver.js";
import { fakeWorld } from "../tui-fakes.js";
import { routeOfUrl } from "./inbox-screen.js";

// The inbox in the TUI on the domain's in-memory ports: the header's unread count, n from anywhere,
// Enter marking one read (and opening a product), a marking all.

const KEY = { enter: "\r", escape: "\u001b", down: "\u001b[B" } as const;

async function signedIn() {
  const world = fakeWorld();
  await login(world.services.account!, { username: "amina@example.ug", password: "kampala-2024" });
  world.inbox.tell("token-1", {
    kind: "saved_product_price_drop",
    title: "Price drop: Bicycle pump",
    body: "Now UGX 15,000 (was UGX 18,000)",
    url: `/item/${world.pump.slug}`,
  });
  world.inbox.tell("token-1", {
    kind: "new_follower",
    title: "Mukono Sports Arena has 2 new followers",
    url: "/account/admin-shop/Mukono%20Sports%20Arena",
  });
  return { world, ...driveTui(<App services={world.services} size={{ columns: 80, rows: 24 }} />) };
}

describe("katale tui, notifications", { timeout: 30_000 }, () => {
  it("shows the unread count in the header and opens the inbox with n, newest first", async () => {
    const { see, press, frame } = await signedIn();
    await see("Amina Nakato · 2 unread");
    await press("n");
    await see("Home › Notifications");
    const rows = frame().split("\n");
    const follower = rows.findIndex((r) => r.includes("Mukono Sports Arena has 2 new followers"));
    const drop = rows.findIndex((r) => r.includes("Price drop: Bicycle pump — Now UGX 15,000"));
    expect(follower).toBeGreaterThan(0);
    expect(drop).toBe(follower + 1);
    expect(rows[follower]).toMatch(/^› • /);
  });

  it("Enter marks an entry read and opens its product; a marks all read", async () => {
    const { see, press, frame, world } = await signedIn();
    await see("2 unread");
    await press("n");
    await see("Price drop: Bicycle pump");
    await press(KEY.down, KEY.enter);
    await see("In stock: 7");
    await see("Amina Nakato · 1 unread");
    await press(KEY.escape);
    await see("Home › Notifications");
    expect(frame()).toMatch(/^[› ] {3}\d{4}-\d\d-\d\d \d\d:\d\d {2}Price drop/m);
    await press("a");
    await see("Marked read. 0 unread.");
    expect(frame()).not.toMatch(/Amina Nakato · \d+ unread/);
    expect(frame()).not.toContain("•");
    const left = await world.inbox.listNotifications("token-1", 1, { unreadOnly: true });
    expect(left.ok && left.value.count).toBe(0);
  });

  it("Enter on a chat message opens its room", async () => {
    const { see, press, world } = await signedIn();
    world.inbox.tell("token-1", {
      kind: "chat_message",
      title: "New message from Mukono Sports Arena",
      url: "/account/chat-room?room=room-amina-mukono",
    });
    await see("2 unread");
    await press("n");
    await see("› • ");
    await see("New message from Mukono Sports Arena");
    await press(KEY.enter);
    await see("Is the pump in stock?");
    await see(/Home › Notifications › New message from Mukono/);
    await see("Amina Nakato · 2 unread");
  });

  it("asks a visitor to log in", async () => {
    const world = fakeWorld();
    const { see, press } = driveTui(<App services={world.services} size={{ columns: 80, rows: 24 }} />);
    await see("not logged in");
    await press("n");
    await see("Log in to see your notifications: Tab to Account, then Enter.");
  });
});

describe("what an inbox entry opens in the terminal", () => {
  it("a product, a chat room, or nothing (the web's own pages)", () => {
    expect(routeOfUrl("/item/bicycle-pump-3eel", "Price drop")).toEqual({
      screen: "product",
      slug: "bicycle-pump-3eel",
    });
    expect(routeOfUrl("/account/chat-room?room=room-amina-mukono", "New message from Amina")).toEqual({
      screen: "chat-room",
      slug: "room-amina-mukono",
      title: "New message from Amina",
    });
    expect(routeOfUrl("/account/admin-shop/Kikuubo%20Phones", "A new follower")).toBeNull();
    expect(routeOfUrl("/account/chat-room", "New message")).toBeNull();
  });
});
