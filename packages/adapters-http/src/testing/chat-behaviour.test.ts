import type { ChatMessage } from "@katale/domain";
import { InMemoryChat } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { type ChatFixture, itBehavesLikeChatPorts } from "./chat-behaviour.js";

// The domain's in-memory chat passes the same suite as the HTTP gateway and the socket connector on
// the real server (tests/adapters/chat-behaviour.int.test.ts).

const ME = { id: 7, token: "token-7" };

describe("the in-memory chat", () => {
  let fixture: ChatFixture;

  beforeEach(() => {
    let tick = 0;
    const now = () => new Date(Date.UTC(2026, 2, 5, 9, 0, tick++));
    const chat = new InMemoryChat([], [], ME.id, now);
    chat.tokenUsers.set(ME.token, ME.id);
    let n = 0;
    fixture = {
      chat,
      sockets: chat,
      newRoom: async () => {
        n += 1;
        const other = { id: 900 + n, token: `token-${900 + n}` };
        chat.tokenUsers.set(other.token, other.id);
        const shopId = 100 + n;
        const productSlug = `product-${n}`;
        chat.products.push({
          productId: n,
          slug: productSlug,
          productName: `Product ${n}`,
          price: 1000,
          images: [],
        });
        chat.rooms.push({
          slug: `room-${n}`,
          customer: { id: ME.id, name: "Amina", profilePicture: null },
          shop: { id: shopId, name: `Shop ${n}`, displayImage: null, owner: other.id },
          messages: [],
          unreadCount: 0,
        });
        return { slug: `room-${n}`, shopId, me: ME, other, productSlug };
      },
      otherSays: async (room, text) => {
        const message: ChatMessage = {
          message: text,
          senderId: room.other.id,
          product: null,
          image: null,
          createdAt: now().toISOString(),
        };
        chat.deliver(room.slug, message);
      },
    };
  });

  itBehavesLikeChatPorts(() => fixture);
});
