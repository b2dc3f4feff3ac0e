import { describe, expect, it } from "vitest";
import { localStorageSchemas } from "./storage-keys.js";

const user = {
  email: "amina@example.ug",
  phone: "+256700000001",
  name: "Amina",
  dateOfBirth: null,
  country: "Uganda",
  gender: "female",
  picture: null,
  status: "VERIFIED",
};

describe("stored values, checked without zod", () => {
  it("keep a signed-in user's fields and nothing else", () => {
    expect(localStorageSchemas.activeUser.safeParse({ ...user, extra: 1 })).toEqual({
      success: true,
      data: user,
    });
    for (const broken of [
      { ...user, status: "GOLD" },
      { ...user, gender: "x" },
      { ...user, name: 3 },
      null,
      "x",
    ])
      expect(localStorageSchemas.activeUser.safeParse(broken).success).toBe(false);
  });

  it("take ids as positive whole numbers and the token as text", () => {
    expect(localStorageSchemas.userdid.safeParse(9)).toEqual({ success: true, data: 9 });
    for (const broken of [0, -1, 1.5, "9", Number.NaN, Number.POSITIVE_INFINITY])
      expect(localStorageSchemas.userdid.safeParse(broken).success).toBe(false);
    expect(localStorageSchemas.token.safeParse("abc").success).toBe(true);
    expect(localStorageSchemas.token.safeParse("").success).toBe(false);
    expect(localStorageSchemas.search_query.safeParse("").success).toBe(true);
  });
});
