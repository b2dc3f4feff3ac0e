import { describe, expect, it } from "vitest";
import { adminFailureOf } from "./admin-run.js";

// Someone who is not an admin and an ended session are told apart by the failure's kind.

const SHOP_URL = "http://127.0.0.1:9/api/shop/";
const words = "You do not have permission to perform this action.";

describe("a failed admin step in the terminal", () => {
  it("someone who is not an admin hears that an admin account is needed", () => {
    expect(adminFailureOf({ kind: "forbidden", message: words }, SHOP_URL).message).toBe(
      "This needs an admin account: log in as an admin with 'katale login'.",
    );
  });

  it("an ended session says to log in again, whatever words it carries", () => {
    expect(adminFailureOf({ kind: "unauthorized", message: words }, SHOP_URL).message).toBe(
      "Your session has ended, please log in again: run 'katale login'.",
    );
  });
});
