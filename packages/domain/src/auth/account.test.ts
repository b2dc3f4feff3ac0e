import { describe, expect, it } from "vitest";
import { aUser } from "../testing/builders.js";
import { InMemoryAuthGateway } from "../testing/in-memory-auth-gateway.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import { changePassword } from "./change-password.js";
import { changePicture } from "./change-picture.js";
import { confirmEmailChange } from "./confirm-email-change.js";
import { deleteAccount } from "./delete-account.js";
import { login } from "./login.js";
import { requestEmailChange } from "./request-email-change.js";
import { updateProfile } from "./update-profile.js";

const email = "amina@example.ug";
const password = "kampala-2024";

async function signedIn() {
  const auth = new InMemoryAuthGateway();
  auth.addAccount(aUser({ id: 7, email, phone: "0772123456", name: "Amina" }), password);
  auth.addAccount(aUser({ id: 8, email: "okello@example.ug" }), "gulu-password");
  const storage = new InMemoryStorage();
  successOf(await login({ auth, storage }, { username: email, password }));
  return { auth, storage };
}

function loggedOut() {
  return { auth: new InMemoryAuthGateway(), storage: new InMemoryStorage() };
}

const png = { fileName: "me.png", contentType: "image/png", bytes: new Uint8Array([137, 80, 78, 71]) };

describe("profile update", () => {
  it("saves the profile, says 'Update successful' and refreshes activeUser", async () => {
    const ports = await signedIn();
    const result = await updateProfile(ports, {
      name: "Amina Nakato",
      phone: "+256772123456",
      country: "Uganda",
      dateOfBirth: "1995-04-12",
      gender: "female",
    });
    expect(successOf(result).message).toBe("Update successful");
    expect(ports.storage.get("activeUser")).toMatchObject({
      name: "Amina Nakato",
      phone: "+256772123456",
      dateOfBirth: "1995-04-12",
      gender: "female",
    });
  });

  it("clears the optional fields left blank", async () => {
    const ports = await signedIn();
    await updateProfile(ports, {
      name: "Amina",
      phone: "0772123456",
      country: "",
      dateOfBirth: "",
      gender: "",
    });
    expect(ports.storage.get("activeUser")).toMatchObject({ country: null, dateOfBirth: null, gender: null });
  });

  it.each([
    [{ phone: "+25677212345678" }, "phone", "A phone number has at most 14 characters"],
    [{ dateOfBirth: "12/04/1995" }, "dateOfBirth", "Enter the date of birth as YYYY-MM-DD"],
    [{ name: "" }, "name", "Enter your full name"],
  ])("refuses %j", async (change, field, message) => {
    const ports = await signedIn();
    const failure = failureOf(await updateProfile(ports, { name: "Amina", phone: "0772123456", ...change }));
    expect(failure).toMatchObject({ kind: "invalid-form", fields: { [field]: message } });
  });

  it("says 'Update failed, please check your data' when the service refuses", async () => {
    const ports = await signedIn();
    ports.auth.failures.set("updateProfile", { kind: "invalid", message: "Invalid body field 'phone'" });
    expect(failureOf(await updateProfile(ports, { name: "Amina", phone: "0772123456" })).message).toBe(
      "Update failed, please check your data",
    );
  });

  it("says 'Phone already exists' for another account's phone", async () => {
    const ports = await signedIn();
    ports.auth.failures.set("updateProfile", { kind: "already-registered", email: false, phone: true });
    expect(failureOf(await updateProfile(ports, { name: "Amina", phone: "0772000000" })).message).toBe(
      "Phone already exists",
    );
  });

  it("asks to log in first without a session", async () => {
    const failure = failureOf(await updateProfile(loggedOut(), { name: "Amina", phone: "0772123456" }));
    expect(failure).toEqual({ kind: "not-logged-in", message: "You need to login first" });
  });

  it("asks to log in again when the token is refused", async () => {
    const ports = await signedIn();
    await ports.auth.logout(ports.storage.get("token")!);
    expect(failureOf(await updateProfile(ports, { name: "Amina", phone: "0772123456" }))).toEqual({
      kind: "unauthorized",
      message: "Your session has ended, please log in again",
    });
  });
});

describe("picture change", () => {
  it("says 'Image changed successfully' and keeps the new picture in activeUser", async () => {
    const ports = await signedIn();
    expect(successOf(await changePicture(ports, png)).message).toBe("Image changed successfully");
    expect(ports.storage.get("activeUser")?.picture).toBe("/media/avatars/me.png");
  });

  it("says 'Image upload failed' for a file that is not an image, without sending it", async () => {
    const ports = await signedIn();
    ports.auth.failures.set("changePicture", { kind: "network" });
    const failure = failureOf(await changePicture(ports, { ...png, contentType: "application/pdf" }));
    expect(failure).toEqual({ kind: "invalid-form", message: "Image upload failed" });
  });

  it("says 'Image upload failed' when the service refuses the image", async () => {
    const ports = await signedIn();
    ports.auth.failures.set("changePicture", { kind: "invalid", message: "Request body is too large" });
    expect(failureOf(await changePicture(ports, png)).message).toBe("Image upload failed");
  });
});

describe("password change", () => {
  const form = { oldPassword: password, newPassword: "entebbe-2025", confirmation: "entebbe-2025" };

  it("says 'Password changed successfully'; the new password logs in", async () => {
    const ports = await signedIn();
    expect(successOf(await changePassword(ports, form)).message).toBe("Password changed successfully");
    expect(ports.auth.passwordOf(email)).toBe("entebbe-2025");
  });

  it("says 'Invalid old password' for a wrong current password", async () => {
    const ports = await signedIn();
    expect(failureOf(await changePassword(ports, { ...form, oldPassword: "guess" }))).toEqual({
      kind: "wrong-password",
      message: "Invalid old password",
    });
  });

  it("says 'User not found' otherwise", async () => {
    const ports = await signedIn();
    ports.auth.failures.set("changePassword", { kind: "not-found" });
    expect(failureOf(await changePassword(ports, form)).message).toBe("User not found");
  });

  it("refuses a confirmation that differs: 'Passwords have to be the same'", async () => {
    const ports = await signedIn();
    const failure = failureOf(await changePassword(ports, { ...form, confirmation: "entebbe-2026" }));
    expect(failure).toMatchObject({
      kind: "invalid-form",
      message: "Passwords have to be the same",
      fields: { confirmation: "Passwords have to be the same" },
    });
    expect(ports.auth.passwordOf(email)).toBe(password);
  });
});

describe("email change", () => {
  it("sends a code to the new address, then changes the email and the stored user name", async () => {
    const ports = await signedIn();
    const sent = successOf(await requestEmailChange(ports, { newEmail: "amina.n@example.ug" }));
    expect(sent).toEqual({ message: "OTP sent to this email", newEmail: "amina.n@example.ug" });
    const otp = ports.auth.codeFor("amina.n@example.ug")!;
    const changed = await confirmEmailChange(ports, { newEmail: "amina.n@example.ug", otp });
    expect(successOf(changed).message).toBe("Email changed successfully");
    expect(ports.storage.get("loggedInUserName")).toBe("amina.n@example.ug");
    expect(ports.storage.get("activeUser")?.email).toBe("amina.n@example.ug");
  });

  it("says 'Email already exists' for another account's address", async () => {
    const ports = await signedIn();
    expect(failureOf(await requestEmailChange(ports, { newEmail: "okello@example.ug" }))).toEqual({
      kind: "taken",
      message: "Email already exists",
    });
  });

  it("says 'Invalid OTP, please check your email for correct OTP' for a wrong code", async () => {
    const ports = await signedIn();
    await requestEmailChange(ports, { newEmail: "amina.n@example.ug" });
    const failure = failureOf(
      await confirmEmailChange(ports, { newEmail: "amina.n@example.ug", otp: "11111" }),
    );
    expect(failure.message).toBe("Invalid OTP, please check your email for correct OTP");
    expect(ports.storage.get("loggedInUserName")).toBe(email);
  });
});

describe("account deletion", () => {
  it("deletes the account with the password, ends the session and clears storage", async () => {
    const ports = await signedIn();
    const token = ports.storage.get("token")!;
    expect(successOf(await deleteAccount(ports, { password })).message).toBe("Your account has been deleted");
    expect(ports.storage.entries()).toEqual({});
    expect(ports.auth.isTokenValid(token)).toBe(false);
    expect(ports.auth.userByEmail(email)).toBeUndefined();
  });

  it("keeps everything for a wrong password", async () => {
    const ports = await signedIn();
    expect(failureOf(await deleteAccount(ports, { password: "nope" }))).toEqual({
      kind: "wrong-password",
      message: "Wrong password",
    });
    expect(ports.storage.get("token")).not.toBeNull();
  });

  it("keeps the session when the service cannot be reached", async () => {
    const ports = await signedIn();
    ports.auth.failures.set("deleteAccount", { kind: "network" });
    expect(failureOf(await deleteAccount(ports, { password })).message).toBe(
      "Please check your internet connection",
    );
    expect(ports.storage.get("token")).not.toBeNull();
  });

  it("asks for the password", async () => {
    const failure = failureOf(await deleteAccount(await signedIn(), { password: "" }));
    expect(failure.message).toBe("Enter your password to delete your account");
  });
});
