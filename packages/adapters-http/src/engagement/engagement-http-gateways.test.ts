import { messages } from "@katale/domain";
import { describe, expect, it } from "vitest";
import type { FetchLike, RequestInitLike } from "../http/fetch-like.js";
import { HttpClient } from "../http/http-client.js";
import { ReviewHttpGateway } from "../products/review-http-gateway.js";
import { RatingHttpGateway } from "./rating-http-gateway.js";
import { SavedProductHttpGateway } from "./saved-product-http-gateway.js";

// What goes on the wire and how answers come back; the behaviour itself is the shared suite's
// (src/testing/engagement-behaviour.ts), run against the real server.

interface Sent {
  url: string;
  init: RequestInitLike;
}

function answering(status: number, body: unknown): { http: HttpClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, init });
    return { status, text: async () => (body === undefined ? "" : JSON.stringify(body)) };
  };
  return {
    http: new HttpClient({ authUrl: "http://h/api/auth/", shopUrl: "http://h/api/shop/" }, fetch),
    sent,
  };
}

describe("the engagement HTTP gateways", () => {
  it("rate sends the stored 0–10 value with the token and reads the new average", async () => {
    const { http, sent } = answering(200, {
      data: { product_id: 3, rating: 7, average_rating: 3.5, number_of_users_rated: 2 },
    });
    const answer = await new RatingHttpGateway(http).rate("abc", 3, 7);
    expect(answer).toEqual({
      ok: true,
      value: { productId: 3, rating: 7, averageRating: 3.5, numberOfUsersRated: 2 },
    });
    expect(sent[0]?.url).toBe("http://h/api/shop/product/rating/");
    expect(sent[0]?.init.headers.authorization).toBe("Token abc");
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ rating: 7, product_id: 3 });
  });

  it("unsave deletes the saved record by its id", async () => {
    const { http, sent } = answering(204, undefined);
    expect(await new SavedProductHttpGateway(http).unsave("abc", 41)).toEqual({ ok: true, value: undefined });
    expect(sent[0]?.init.method).toBe("DELETE");
    expect(sent[0]?.url).toBe("http://h/api/shop/product/save/41");
  });

  it("someone else's review (code forbidden) is 'forbidden' with the service's words", async () => {
    const { http } = answering(403, { detail: messages.reviews.notOwner, code: "forbidden" });
    expect(await new ReviewHttpGateway(http).editReview("abc", 9, "Hi")).toEqual({
      ok: false,
      error: { kind: "forbidden", message: messages.reviews.notOwner, code: "forbidden" },
    });
  });

  it("a review is posted as a form with the text and the product id", async () => {
    const { http, sent } = answering(201, {
      data: {
        comment_id: 5,
        comment: "Sweet",
        product_id: 3,
        user_id: 7,
        commentor_name: "Amina",
        commentor_profile_picture: null,
        date_commented: "2026-01-01T00:00:00.000Z",
        comment_images: [],
      },
    });
    const answer = await new ReviewHttpGateway(http).addReview("abc", 3, "Sweet");
    expect(answer.ok && answer.value).toMatchObject({ id: 5, comment: "Sweet", commentorId: 7 });
    expect(sent[0]?.init.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = new TextDecoder().decode(sent[0]?.init.body as Uint8Array);
    expect(form).toContain('name="comment"\r\n\r\nSweet\r\n');
    expect(form).toContain('name="product_id"\r\n\r\n3\r\n');
  });
});
