import { describe, expect, it } from "vitest";
import { inStock, ratingCount, reviewCount } from "./messages/first-screen.js";
import { messages, noticeText, subCategoriesFor } from "./messages.js";

describe("messages", () => {
  it("counts ratings and reviews in the singular and plural", () => {
    expect(reviewCount(1)).toBe("(1 Review)");
    expect(ratingCount(1)).toBe("(1 rating)");
    expect(ratingCount(3)).toBe("(3 ratings)");
    expect(ratingCount(0)).toBe("(0 ratings)");
  });

  it("fills the patterns of the spec", () => {
    expect(inStock(5)).toBe("In stock: 5");
    expect(noticeText("the owner", "shop")).toBe("You are the owner of the shop");
    expect(subCategoriesFor("Electronics")).toBe("Sub categories for Electronics");
  });

  it("carries the corrected spellings", () => {
    expect(messages.otp.resendPrompt).toBe("Didn't receive OTP?");
    expect(messages.products.recommendedForYou).toBe("Recommended for you");
    expect(messages.home.noCategoriesYet).toBe("No Categories yet");
    expect(messages.register.emailAndPhoneExist).toBe("Email and phone already exist");
  });
});
