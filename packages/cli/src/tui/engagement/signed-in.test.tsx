import { login } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { App } from "../app.js";
import type { Section } from "../navigation.js";
import { driveTui } from "../tui-driver.js";
import { fakeWorld } from "../tui-fakes.js";

// The signed-in sections on the session the commands share: Saved, Following, History, Chats.

async function signedIn(section: Section) {
  const world = fakeWorld();
  // As `katale login` leaves the session file.
  await login(world.services.account!, { username: "amina@example.ug", password: "kampala-2024" });
  const { app, flat, see, press } = driveTui(
    <App services={world.services} size={{ columns: 80, rows: 24 }} startSection={section} />,
  );
  return { world, app, flat, see, press };
}

describe("katale tui, signed in", { timeout: 30_000 }, () => {
  it("says how to log in on a signed-in section when nobody is", async () => {
    const world = fakeWorld();
    const { see } = driveTui(
      <App services={world.services} size={{ columns: 80, rows: 24 }} startSection="saved" />,
    );
    await see("Log in to see your saved products: Tab to Account, then Enter.");
  });

  it("lists the saved products and removes one with x", async () => {
    const { world, see, press, flat } = await signedIn("saved");
    await see("No saved products yet.");
    await world.engagement.save("token-1", world.pump.id);
    await press("\t", "\u001b[Z");
    await see("Bicycle pump UGX 15,000");
    await press("x");
    await see("Removed from your wishlist");
    await see("No saved products yet.");
    expect(flat()).not.toContain("Bicycle pump");
  });

  it("lists the shops followed, and the products viewed once one was opened", async () => {
    const { world, see, press } = await signedIn("following");
    await world.engagement.follow("token-1", world.shop.id);
    await press("\t", "\u001b[Z");
    await see("› Mukono Sports Arena");
    await press("\r");
    await see("Mukono Sports Arena ✓");
    await press("\r");
    await see("In stock: 7");
    await press("\t");
    await see("[History]");
    await see("› Bicycle pump");
  });

  it("opens a chat from the list, shows what arrives live, and sends what is typed", async () => {
    const { world, see, press, flat } = await signedIn("chats");
    await see("Mukono Sports Arena · ");
    expect(flat()).toContain("You: Is the pump in stock?");
    await press("\r");
    await see("Enter sends; Tab blocks or unblocks the chat; Esc leaves the room.");
    world.chat.deliver("room-amina-mukono", {
      message: "Yes, 62 left",
      senderId: 99,
      createdAt: new Date().toISOString(),
    });
    await see("Mukono Sports Arena Yes, 62 left");
    await press(..."On my way", "\r");
    await see("You On my way");
    // Sent once, with the id the room made for it (a repeat after a drop would carry the same one).
    expect(world.chat.sent).toEqual([
      { slug: "room-amina-mukono", message: "On my way", clientId: expect.any(String) },
    ]);

    // The connection drops (a server restarting): it connects again and shows what was said meanwhile.
    world.chat.dropAll();
    world.chat.deliver("room-amina-mukono", {
      message: "Still coming?",
      senderId: 99,
      createdAt: new Date().toISOString(),
    });
    await see("Connected again.");
    await see("Mukono Sports Arena Still coming?");
    await press("\u001b");
    await see("Chats");
  });

  it("blocks a chat with Tab after y, says so, and unblocks it the same way", async () => {
    const { world, see, press, flat } = await signedIn("chats");
    await see("Mukono Sports Arena · ");
    await press("\r");
    await see("Tab block");
    await press("\t");
    await see("Block Mukono Sports Arena? y yes · n no");
    await press("n");
    await see("Tab block");
    expect(world.chat.blocks.get("room-amina-mukono")?.size ?? 0).toBe(0);
    await press("\t", "y");
    await see("Mukono Sports Arena is blocked");
    await see("You blocked this chat. Unblock it to send and receive messages again.");
    expect(world.chat.blocks.get("room-amina-mukono")?.size).toBe(1);
    await see("Tab unblock");
    await press("\t", "y");
    await see("Mukono Sports Arena is unblocked");
    expect(world.chat.blocks.get("room-amina-mukono")?.size).toBe(0);
    expect(flat()).not.toContain("You blocked this chat");
  });
});
