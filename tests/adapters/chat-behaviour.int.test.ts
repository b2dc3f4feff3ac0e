import { ChatSocketConnector, createHttpGateways, type WebSocketConstructor } from "@katale/adapters-http";
import {
  type ChatFixture,
  type ChatRoomFixture,
  itBehavesLikeChatPorts,
} from "@katale/adapters-http/testing";
import type { ChatMessage, Result } from "@katale/domain";
import {
  aProduct,
  aShop,
  aSignedInUser,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, vi } from "vitest";
import { WebSocket } from "ws";

// The chat's HTTP gateway and WebSocket connector on the real server pass the same behaviour suite
// as the domain's in-memory chat (packages/adapters-http/src/testing/chat-behaviour.test.ts).

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe.each(databaseKinds())("the chat adapters over HTTP and WebSocket (%s)", (kind) => {
  let server: TestServer;
  let fixture: ChatFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const { chat } = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const sockets = new ChatSocketConnector(server.shopUrl, WebSocket as unknown as WebSocketConstructor);
    fixture = {
      chat,
      sockets,
      newRoom: async (): Promise<ChatRoomFixture> => {
        const [owner, customer] = [await aSignedInUser(server), await aSignedInUser(server)];
        const shop = await aShop(server.db, { owner_id: owner.id });
        const product = await aProduct(server.db, { shop_id: shop.id });
        const slug = value(await chat.openRoom(customer.key, shop.id));
        return {
          slug,
          shopId: shop.id,
          me: { token: customer.key, id: customer.id },
          other: { token: owner.key, id: owner.id },
          productSlug: product.slug,
        };
      },
      // The shop owner on another device: their own socket, closed once the message is stored.
      otherSays: async (room, text) => {
        const echoes: ChatMessage[] = [];
        let open = false;
        const connection = sockets.connect(room.slug, room.other.token, {
          onOpen: () => {
            open = true;
          },
          onMessage: (m) => echoes.push(m),
        });
        await vi.waitFor(() => expect(open).toBe(true), { timeout: 10_000, interval: 20 });
        connection.send(text);
        await vi.waitFor(() => expect(echoes.some((m) => m.message === text)).toBe(true), {
          timeout: 10_000,
          interval: 20,
        });
        connection.close();
      },
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeChatPorts(() => fixture);
});
