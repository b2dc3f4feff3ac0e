import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  allCalls,
  type CallDef,
  fillPath,
  idParam,
  pageQuery,
  paginated,
  parsePage,
  productCalls,
  productWire,
  shopCalls,
  supportCalls,
  toSpecTemplate,
} from "./index.js";

// The calls of spec §7 as the spec writes them (method, service, path).
const specCalls: [CallDef["service"], string, string][] = [
  ["auth", "POST", "register/"],
  ["auth", "POST", "users/verify/"],
  ["auth", "POST", "users/new_otp_request/"],
  ["auth", "POST", "login/"],
  ["auth", "POST", "users/reset_password/"],
  ["auth", "POST", "users/verify_reset_password/"],
  ["auth", "POST", "users/reset_password_complete/"],
  ["auth", "PATCH", "users/update_user/"],
  ["auth", "PATCH", "users/update_profile_picture/"],
  ["auth", "POST", "users/change_password/"],
  ["auth", "POST", "users/change_email/"],
  ["auth", "POST", "users/verify_change_email/"],
  ["auth", "POST", "verification/user/"],
  ["shop", "GET", "category/"],
  ["shop", "POST", "category/"],
  ["shop", "PATCH", "category/{id}/patch/"],
  ["shop", "DELETE", "category/{id}/delete"],
  ["shop", "GET", "category/subcategory/"],
  ["shop", "GET", "category/subcategory/{categoryId}/"],
  ["shop", "POST", "category/subcategory/"],
  ["shop", "PUT", "category/subcategory/{id}/"],
  ["shop", "DELETE", "category/subcategory/{id}/"],
  ["shop", "POST", "category/filter/"],
  ["shop", "GET", "category/filter/{subcategoryId}"],
  ["shop", "POST", "category/filtervalue/"],
  ["shop", "GET", "product/"],
  ["shop", "GET", "product/{id}/"],
  ["shop", "GET", "product/slug/{slug}/"],
  ["shop", "GET", "product/paginated/"],
  ["shop", "GET", "product/category/{id}/"],
  ["shop", "GET", "product/sub-category/{id}/"],
  ["shop", "GET", "product/from-followed-shops/"],
  ["shop", "GET", "product/shop/{shopId}/"],
  ["shop", "POST", "product/search/"],
  ["shop", "POST", "product/"],
  ["shop", "PATCH", "product/{id}/"],
  ["shop", "DELETE", "product/{id}/"],
  ["shop", "POST", "product/save/"],
  ["shop", "GET", "product/save/"],
  ["shop", "DELETE", "product/save/{savedProductId}"],
  ["shop", "GET", "product/browse-history/"],
  ["shop", "POST", "product/browse-history/"],
  ["shop", "POST", "product/rating/"],
  ["shop", "GET", "product/comment/{productId}/"],
  ["shop", "GET", "product/comment/user/{userId}/"],
  ["shop", "POST", "product/comment/"],
  ["shop", "PATCH", "product/comment/{id}/"],
  ["shop", "DELETE", "product/comment/{id}/"],
  ["shop", "GET", "shop/"],
  ["shop", "GET", "shop/{id}/"],
  ["shop", "GET", "shop/top-rated/"],
  ["shop", "GET", "shop/getshopsunderauser/{token}/"],
  ["shop", "POST", "shop/"],
  ["shop", "PATCH", "shop/{id}/"],
  ["shop", "POST", "shop/follow/"],
  ["shop", "DELETE", "shop/follow/{followId}"],
  ["shop", "GET", "shop/follow/{userId}/"],
  ["shop", "GET", "shop/followers/{shopId}/"],
  ["shop", "POST", "verification/shop/"],
  ["shop", "GET", "faqs/"],
  ["shop", "GET", "faqs/feedback"],
  ["shop", "POST", "faqs/feedback/"],
  ["shop", "GET", "chat/room/"],
  ["shop", "GET", "chat/room/{slug}"],
  ["shop", "GET", "chat/room/get-room/{shopId}"],
  // Defined by us (issue 11): marks a room read, as the socket's {type: "read"} frame does.
  ["shop", "POST", "chat/room/{slug}/read/"],
  // Defined by us (issue 11): a photo into the room, sent on to its sockets as a message.
  ["shop", "POST", "chat/room/{slug}/photo/"],
  // Defined by us (issue 11): an empty room goes again (katale smoke removes the one it opened).
  ["shop", "DELETE", "chat/room/{slug}/"],
  // Not named by the spec's list of paths, defined by us for the address search.
  ["shop", "GET", "geo/autocomplete/"],
  // Defined by us (issue 7): the product page's 'Related products from other shops', without a listing.
  ["shop", "GET", "product/related/{id}/"],
  // Defined by us (issue 9): the owner's shops with the token in the Authorization header.
  ["shop", "GET", "shop/mine/"],
  // Left unshown by the spec, defined by us (issue 4): whoami, logout that revokes, account deletion.
  ["auth", "GET", "users/me/"],
  ["auth", "POST", "logout/"],
  ["auth", "POST", "users/delete_account/"],
  // Defined by us (issue 10): the admin role, what admins need to keep filters, the verification review.
  ["auth", "POST", "users/admin/"],
  ["auth", "DELETE", "users/admin/"],
  ["shop", "GET", "category/filtervalue/{filterId}"],
  ["shop", "PATCH", "category/filter/{id}/"],
  ["shop", "DELETE", "category/filter/{id}/"],
  ["shop", "PATCH", "category/filtervalue/{id}/"],
  ["shop", "DELETE", "category/filtervalue/{id}/"],
  ["shop", "GET", "verification/requests/"],
  ["shop", "GET", "verification/requests/{id}/"],
  ["shop", "GET", "verification/requests/{id}/documents/{name}"],
  ["shop", "POST", "verification/requests/{id}/approve/"],
  ["shop", "POST", "verification/requests/{id}/reject/"],
  ["shop", "POST", "verification/requests/{id}/revoke/"],
  // Defined by us: notifications (the inbox, marking read, the choices per kind and channel).
  ["shop", "GET", "notifications/"],
  ["shop", "POST", "notifications/read/"],
  ["shop", "GET", "notifications/settings/"],
  ["shop", "PUT", "notifications/settings/"],
  ["shop", "GET", "notifications/push/key/"],
  ["shop", "POST", "notifications/push/subscribe/"],
  ["shop", "DELETE", "notifications/push/subscribe/"],
  // Defined by us: finding products (browse with facets, saved searches).
  ["shop", "GET", "product/browse/"],
  // Defined by us: many products at once, for the command line's import.
  ["shop", "POST", "product/batch/"],
  ["shop", "POST", "saved-search/"],
  ["shop", "GET", "saved-search/"],
  ["shop", "DELETE", "saved-search/{id}/"],
  // Defined by us: the home page's Trending and For you, ranked and spread over shops by the service.
  ["shop", "GET", "product/trending/"],
  ["shop", "GET", "product/for-you/"],
  // Defined by us: every product of a shop page by page, with its pictures' hashes (owners' tools).
  ["shop", "GET", "product/shop/{shopId}/paginated/"],
  // Defined by us: blocking in chat (either side of a room), and the caller's blocked rooms.
  ["shop", "POST", "chat/room/{slug}/block/"],
  ["shop", "DELETE", "chat/room/{slug}/block/"],
  ["shop", "GET", "chat/blocked/"],
  // Defined by us: reports, moderation and the admins' audit log.
  ["shop", "POST", "reports/"],
  ["shop", "GET", "reports/"],
  ["shop", "POST", "reports/{id}/resolve/"],
  ["shop", "POST", "moderation/restore/"],
  ["shop", "GET", "admin/audit/"],
  // Defined by us: what deleting a category or sub category would meet (the bulk tool's dry run).
  ["shop", "GET", "category/{id}/product-count/"],
  ["shop", "GET", "category/subcategory/{id}/product-count/"],
];

const contractCalls = Object.values(allCalls).flatMap((area) => Object.values(area) as CallDef[]);
const key = (service: string, method: string, path: string) => `${service} ${method} ${path}`;

const aProduct = {
  product_id: 7,
  product_name: "Samsung Galaxy A15",
  slug: "samsung-galaxy-a15-7",
  description: "128 GB, dual SIM",
  price: 650000,
  in_stock: 3,
  images: ["/media/products/ab12cd34.webp"],
  shop_id: 2,
  shop_name: "Kampala Phones",
  shop_verification_status: "VERIFIED",
  category_id: 1,
  category_name: "Electronics",
  sub_category_id: 3,
  sub_category_name: "Phones",
  average_rating: 4.5,
  number_of_users_rated: 2,
};

describe("wire contract", () => {
  it("describes every call of spec §7 with the spec's method and path, and nothing else", () => {
    const inContract = contractCalls.map((c) => key(c.service, c.method, toSpecTemplate(c.path))).sort();
    const inSpec = specCalls.map(([service, method, path]) => key(service, method, path)).sort();
    expect(inContract).toEqual(inSpec);
  });

  it("keeps the spec's trailing slashes", () => {
    expect(productCalls.getBySlug.path).toBe("product/slug/:slug/");
    expect(supportCalls.feedback.path).toBe("faqs/feedback");
    expect(supportCalls.addFeedback.path).toBe("faqs/feedback/");
    expect(fillPath(productCalls.getBySlug.path, { slug: "a b/c" })).toBe("product/slug/a%20b%2Fc/");
  });

  it("accepts a product as the server sends it and refuses a malformed one", () => {
    expect(productWire.parse(aProduct)).toEqual(aProduct);
    expect(productWire.safeParse({ ...aProduct, price: "650000" }).success).toBe(false);
    expect(productWire.safeParse({ ...aProduct, average_rating: 9 }).success).toBe(false);
    const { images: _images, ...withoutImages } = aProduct;
    expect(productWire.safeParse(withoutImages).success).toBe(false);
  });

  it("does not publish feedback e-mail addresses", () => {
    const body = supportCalls.feedback.response[200].parse({
      data: [
        {
          id: 1,
          name: "Amina",
          email: "amina@example.ug",
          message: "Great",
          stars: 9,
          date: "2025-01-01T00:00:00.000Z",
        },
      ],
    });
    expect(body.data[0]).not.toHaveProperty("email");
  });

  it("coerces ids and pages as the routes need", () => {
    expect(idParam.parse("42")).toBe(42);
    for (const bad of ["0", "-1", "abc", "1.5", "2147483648", "99999999999", ""]) {
      expect(idParam.safeParse(bad).success, bad).toBe(false);
    }
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage("3")).toBe(3);
    for (const bad of ["0", "-2", "x", "1.5"]) expect(parsePage(bad), bad).toBeNull();
    const query = pageQuery(8);
    expect(query.parse({})).toEqual({ page: undefined, page_size: 8 });
    expect(query.parse({ page_size: "1000" }).page_size).toBe(100);
    expect(query.safeParse({ page_size: "-1" }).success).toBe(false);
    expect(query.safeParse({ page_size: "0" }).success).toBe(false);
    expect(shopCalls.topRated.querystring.parse({}).limit).toBe(4);
  });

  it("paginated envelopes carry count, next, previous and results", () => {
    const page = paginated(productWire).parse({ count: 1, next: null, previous: null, results: [aProduct] });
    expect(page.results).toHaveLength(1);
  });

  it("every schema can be rendered as JSON Schema for the API reference", () => {
    for (const call of contractCalls) {
      for (const part of [call.params, call.querystring, call.body]) {
        if (part) expect(() => z.toJSONSchema(part, { io: "input" }), call.path).not.toThrow();
      }
      for (const schema of Object.values(call.response)) {
        expect(() => z.toJSONSchema(schema, { io: "output" }), call.path).not.toThrow();
      }
    }
  });
});
