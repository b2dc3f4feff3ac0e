import { describe, expect, it } from "vitest";
import { snakeCaseKeys, snakeKey, toJsonOutput } from "./json-keys.js";

describe("--json keys", () => {
  it("are the API's snake_case at every depth; values are left alone", () => {
    expect(snakeKey("hasNext")).toBe("has_next");
    expect(snakeKey("numberOfUsersRated")).toBe("number_of_users_rated");
    expect(snakeKey("imageURL")).toBe("image_url");
    expect(snakeKey("sub_categories")).toBe("sub_categories");
    expect(
      snakeCaseKeys({
        hasNext: true,
        items: [{ submittedAt: "2026-11-24", user: { isAdmin: false } }],
        note: "keepThisValue",
      }),
    ).toEqual({
      has_next: true,
      items: [{ submitted_at: "2026-11-24", user: { is_admin: false } }],
      note: "keepThisValue",
    });
    expect(toJsonOutput({ sentAt: new Date(Date.UTC(2026, 0, 2)) }, true)).toBe(
      '{"sent_at":"2026-01-02T00:00:00.000Z"}\n',
    );
  });
});
