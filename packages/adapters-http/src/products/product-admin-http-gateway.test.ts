import { describe, expect, it } from "vitest";
import type { FetchLike, RequestInitLike } from "../http/fetch-like.js";
import { HttpClient } from "../http/http-client.js";
import { ShopAdminHttpGateway } from "../shops/shop-admin-http-gateway.js";
import { samplePng } from "../testing/seller-behaviour.js";
import { ProductAdminHttpGateway } from "./product-admin-http-gateway.js";

// What goes on the wire; the behaviour is the shared suite's (src/testing/seller-behaviour.ts).

function answering(status: number, body: unknown) {
  const sent: { url: string; init: RequestInitLike }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, init });
    return { status, text: async () => JSON.stringify(body) };
  };
  const http = new HttpClient({ authUrl: "http://h/api/auth/", shopUrl: "http://h/api/shop/" }, fetch);
  const form = () => new TextDecoder().decode(sent[0]?.init.body as Uint8Array);
  return { http, sent, form };
}

describe("the seller HTTP gateways", () => {
  it("an image edit sends the spec's flags, the removed URLs as a JSON array and image_1", async () => {
    const { http, sent, form } = answering(400, { detail: "no", code: "invalid_input" });
    await new ProductAdminHttpGateway(http).updateProduct("abc", 9, {
      price: 1200,
      removedImages: ["/media/products/a.webp"],
      addedImages: [samplePng(0, "new.png")],
    });
    expect(sent[0]?.init.method).toBe("PATCH");
    expect(sent[0]?.url).toBe("http://h/api/shop/product/9/");
    expect(sent[0]?.init.headers.authorization).toBe("Token abc");
    const body = form();
    expect(body).toContain('name="price"\r\n\r\n1200\r\n');
    expect(body).toContain('name="removed_images_urls"\r\n\r\n["/media/products/a.webp"]\r\n');
    expect(body).toContain('name="are_there_removed_images"\r\n\r\ntrue\r\n');
    expect(body).toContain('name="are_there_added_images"\r\n\r\ntrue\r\n');
    expect(body).toContain('name="number_of_images"\r\n\r\n1\r\n');
    expect(body).toContain('name="image_1"; filename="new.png"');
    expect(body).not.toContain('name="product_name"');
    expect(body).not.toContain("token");
  });

  it("a stock change sends in_stock alone, without image flags", async () => {
    const { http, form } = answering(400, { detail: "no", code: "invalid_input" });
    await new ProductAdminHttpGateway(http).updateProduct("abc", 9, { inStock: 0 });
    expect(form()).toContain('name="in_stock"\r\n\r\n0\r\n');
    expect(form()).not.toContain("images");
  });

  it("my shops are asked with the token in the header, never in the URL", async () => {
    const { http, sent } = answering(200, { data: [] });
    expect(await new ShopAdminHttpGateway(http).listMyShops("secret-token")).toEqual({ ok: true, value: [] });
    expect(sent[0]?.url).toBe("http://h/api/shop/shop/mine/");
    expect(sent[0]?.url).not.toContain("secret-token");
    expect(sent[0]?.init.headers.authorization).toBe("Token secret-token");
  });

  it("a new shop sends its categories as a comma-separated list", async () => {
    const { http, form } = answering(400, { detail: "no", code: "invalid_input" });
    await new ShopAdminHttpGateway(http).createShop("abc", {
      name: "Owino Stall",
      categories: [1, 5],
      locationLatitude: 0.31,
      locationLongitude: 32.58,
    });
    expect(form()).toContain('name="category"\r\n\r\n1,5\r\n');
    expect(form()).toContain('name="location_latitude"\r\n\r\n0.31\r\n');
  });
});
