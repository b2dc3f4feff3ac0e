import { defaultNotificationSettings, type InboxEntry } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { parseSettingChange, renderInbox, renderSettings } from "./notification-render.js";

const entry = (over: Partial<InboxEntry>): InboxEntry => ({
  id: 41,
  kind: "new_follower",
  title: "Kikuubo Phones has 2 new followers",
  body: "",
  url: "/account/admin-shop/Kikuubo%20Phones",
  imageUrl: null,
  createdAt: "2026-11-28T09:05:00Z",
  read: false,
  ...over,
});

describe("notification rendering", () => {
  it("prints the inbox as a table: unread marked, times in the zone given, title and body", () => {
    const page = {
      items: [
        entry({}),
        entry({
          id: 7,
          kind: "saved_product_price_drop",
          title: "Price drop: Bicycle pump",
          body: "Now UGX 15,000 (was UGX 18,000)",
          read: true,
        }),
      ],
      count: 23,
      page: 1,
      hasNext: true,
      hasPrevious: false,
      unread: 1,
    };
    expect(renderInbox(page, 100, false, "Africa/Kampala")).toBe(
      [
        "Notifications (1 unread)",
        "",
        "ID  NEW  WHEN              NOTIFICATION",
        "41  •    2026-11-28 12:05  Kikuubo Phones has 2 new followers",
        " 7       2026-11-28 12:05  Price drop: Bicycle pump — Now UGX 15,000 (was UGX 18,000)",
        "",
        "Page 1 of 2 · 23 notifications · next: --page 2",
        "",
      ].join("\n"),
    );
  });

  it("says when there is nothing (unread)", () => {
    const empty = { items: [], count: 0, page: 1, hasNext: false, hasPrevious: false, unread: 0 };
    expect(renderInbox(empty, 80)).toBe("Notifications (0 unread)\n\nNo notifications yet.\n");
    expect(renderInbox(empty, 80, true)).toBe("Notifications (0 unread)\n\nNo unread notifications.\n");
  });

  it("prints the kinds down and the channels across", () => {
    const settings = {
      ...defaultNotificationSettings(),
      new_follower: { inbox: false, email: true, push: true },
    };
    const table = renderSettings(settings, 80);
    expect(table).toMatch(/^KIND\s+INBOX\s+EMAIL\s+PUSH$/m);
    expect(table).toMatch(/^new_follower\s+off\s+on\s+on$/m);
    expect(table.split("\n").filter((line) => /^[a-z_]+\s+(on|off)/.test(line))).toHaveLength(8);
  });

  it("reads KIND.CHANNEL=on|off, and says what is wrong with anything else", () => {
    expect(parseSettingChange("new_follower.push=on")).toEqual({
      kind: "new_follower",
      channel: "push",
      on: true,
    });
    expect(parseSettingChange(" chat_message.email=OFF ")).toEqual({
      kind: "chat_message",
      channel: "email",
      on: false,
    });
    expect(parseSettingChange("followers.push=on")).toEqual({
      error: expect.stringContaining("Unknown notification kind 'followers': one of chat_message,"),
    });
    expect(parseSettingChange("new_follower.sms=on")).toEqual({
      error: "Unknown channel 'sms': one of inbox, email, push.",
    });
    for (const bad of ["new_follower.push", "new_follower=on", "new_follower.push=yes", ""])
      expect(parseSettingChange(bad)).toEqual({
        error: expect.stringContaining("Expected KIND.CHANNEL=on|off"),
      });
  });
});
