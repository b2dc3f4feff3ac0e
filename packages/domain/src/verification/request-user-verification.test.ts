import { describe, expect, it } from "vitest";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { InMemoryUserVerificationGateway } from "../testing/in-memory-user-verification-gateway.js";
import { failureOf, successOf } from "../testing/results.js";
import { requestUserVerification } from "./request-user-verification.js";

const image = (fileName: string) => ({
  fileName,
  contentType: "image/jpeg",
  bytes: new Uint8Array([255, 216]),
});
const form = {
  email: "amina@example.ug",
  phone: "0772123456",
  nin: "CF12345678ABCD",
  nationalIdImage: image("id.jpg"),
  userImage: image("me.jpg"),
  locationLatitude: 0.3476,
  locationLongitude: 32.5825,
};

function ports() {
  const storage = new InMemoryStorage();
  storage.set("token", "t-1");
  return { verification: new InMemoryUserVerificationGateway(), storage };
}

describe("user verification request", () => {
  it("sends the request: 'Successfully sent verification request'", async () => {
    const p = ports();
    expect(successOf(await requestUserVerification(p, form)).message).toBe(
      "Successfully sent verification request",
    );
    expect(p.verification.requests.get("t-1")).toMatchObject({ nin: "CF12345678ABCD" });
  });

  it("says 'User already has a verification request' the second time", async () => {
    const p = ports();
    await requestUserVerification(p, form);
    expect(failureOf(await requestUserVerification(p, form))).toEqual({
      kind: "taken",
      message: "User already has a verification request",
    });
  });

  it.each([
    [{ nationalIdImage: null }, "nationalIdImage", "Add a picture of your Government-issued National ID"],
    [{ userImage: undefined }, "userImage", "Add a clear photo of yourself"],
    [{ nin: " " }, "nin", "Enter your National ID Number"],
    [{ locationLatitude: undefined }, "locationLatitude", "Choose your location from the suggestions"],
    [{ phone: "+25677212345678" }, "phone", "A phone number has at most 14 characters"],
  ])("refuses %j before sending", async (change, field, message) => {
    const p = ports();
    const failure = failureOf(await requestUserVerification(p, { ...form, ...change }));
    expect(failure).toMatchObject({ kind: "invalid-form", fields: { [field]: message } });
    expect(p.verification.requests.size).toBe(0);
  });

  it("asks to log in first without a session", async () => {
    const p = { ...ports(), storage: new InMemoryStorage() };
    expect(failureOf(await requestUserVerification(p, form)).kind).toBe("not-logged-in");
  });
});
