import { describe, expect, it } from "vitest";
import { sellingFailure } from "./selling-failure.js";

// A seller's refusals that share a kind, told apart by the service's code, never by its words.

const wording = { otherwise: "Could not save the product" };

describe("sellingFailure", () => {
  it("says a suspended shop is suspended, not someone else's", () => {
    expect(
      sellingFailure({ kind: "forbidden", message: "any words", code: "shop_suspended" }, wording),
    ).toEqual({
      kind: "forbidden",
      code: "shop_suspended",
      message: "Your shop is suspended: you cannot list or change products, or open a shop",
    });
    expect(
      sellingFailure({ kind: "forbidden", message: "any words", code: "forbidden" }, wording).message,
    ).toBe("You are not the owner of this shop");
  });

  it("shows a new account's daily limit in the service's words (they carry the number), no rate limit", () => {
    const words = "New accounts may list at most 4 products a day; try again tomorrow";
    expect(
      sellingFailure({ kind: "too-many-attempts", message: words, code: "new_account_limit" }, wording)
        .message,
    ).toBe(words);
    expect(
      sellingFailure({ kind: "too-many-attempts", message: "Slow down", code: "rate_limited" }, wording)
        .message,
    ).toBe("Too many attempts, please wait and try again");
  });
});
