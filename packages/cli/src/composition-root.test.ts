import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ChatSocketConnector, type FetchLike } from "@katale/adapters-http";
import { describe, expect, it } from "vitest";
import { connectServices } from "./composition-root.js";

describe("composition root", () => {
  it("binds the browse ports to HTTP gateways on the given shop URL", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return {
        status: 200,
        text: async () => JSON.stringify({ categories: [{ id: 5, name: "Services", image_url: null }] }),
      };
    };
    const services = connectServices(
      { authUrl: "http://auth.test/api/auth/", shopUrl: "http://shop.test/api/shop/" },
      fetch,
    );
    const categories = await services.categories.listCategories();
    expect(categories).toEqual({ ok: true, value: [{ id: 5, name: "Services", imageUrl: null }] });
    expect(asked).toEqual(["http://shop.test/api/shop/category/"]);
  });

  it("points the shop and product ports at the shop service", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return { status: 200, text: async () => JSON.stringify({ data: [] }) };
    };
    const services = connectServices(
      { authUrl: "http://a.test/", shopUrl: "http://s.test/api/shop/" },
      fetch,
    );
    await services.shops.listShops();
    await services.products.listProducts();
    expect(asked).toEqual(["http://s.test/api/shop/shop/", "http://s.test/api/shop/product/"]);
  });
});

describe("composition root: the chat's ports", () => {
  it("binds the room calls to the shop service and the room's socket to ws:// of it", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return { status: 200, text: async () => JSON.stringify({ data: [] }) };
    };
    const services = connectServices(
      { authUrl: "http://a.test/", shopUrl: "http://s.test/api/shop/" },
      fetch,
    );
    expect(await services.chat?.chat.listRooms("t0ken")).toEqual({ ok: true, value: [] });
    expect(asked).toEqual(["http://s.test/api/shop/chat/room/"]);
    const sockets = services.chat?.sockets;
    expect(sockets).toBeInstanceOf(ChatSocketConnector);
    expect((sockets as ChatSocketConnector).socketUrl("r00m")).toBe("ws://s.test/api/shop/chat/r00m/");
  });
});

describe("composition root: the account's ports", () => {
  it("keeps the session in the JSON file under the config directory", async () => {
    const dir = await mkdtemp(join(tmpdir(), "katale-root-"));
    try {
      const services = connectServices(
        { authUrl: "http://a.test/", shopUrl: "http://s.test/" },
        { env: { KATALE_CONFIG_DIR: dir }, homeDir: "/nowhere" },
      );
      expect(services.account?.sessionFile).toBe(join(dir, "session.json"));
      services.account?.storage.set("token", "abc");
      expect(JSON.parse(await readFile(join(dir, "session.json"), "utf8"))).toMatchObject({ token: "abc" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("composition root: the features' services", () => {
  it("builds each feature's services from the container on first use, once", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return { status: 200, text: async () => JSON.stringify({ data: [] }) };
    };
    const services = connectServices(
      { authUrl: "http://a.test/", shopUrl: "http://s.test/api/shop/" },
      fetch,
    );
    expect(services.engagement).toBe(services.engagement);
    await services.engagement?.browseHistory.listHistory("t0ken");
    expect(asked).toEqual(["http://s.test/api/shop/product/browse-history/"]);
  });
});
