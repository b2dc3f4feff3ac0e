import { describe, expect, it } from "vitest";
import { aUser } from "../testing/builders.js";
import { InMemoryAuthGateway } from "../testing/in-memory-auth-gateway.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import { loadCurrentUser } from "./load-current-user.js";
import { login } from "./login.js";
import { logout } from "./logout.js";
import { isLoggedIn } from "./stored-session.js";

const amina = aUser({
  id: 7,
  email: "amina@example.ug",
  phone: "0772123456",
  name: "Amina Nakato",
  gender: "female",
  profilePicture: "/media/avatars/7.webp",
});

function world(verified = true) {
  const auth = new InMemoryAuthGateway();
  auth.addAccount(amina, "kampala-2024", { verified });
  const storage = new InMemoryStorage();
  return { auth, storage };
}

describe("login", () => {
  it("keeps token, userdid, loggedInUserName (the email) and activeUser (spec §3)", async () => {
    const ports = world();
    const result = await login(ports, { username: "amina@example.ug", password: "kampala-2024" });
    expect(successOf(result).message).toBe("Login successful");
    const token = ports.storage.get("token")!;
    expect(ports.auth.isTokenValid(token)).toBe(true);
    expect(ports.storage.entries()).toEqual({
      token,
      userdid: 7,
      loggedInUserName: "amina@example.ug",
      activeUser: {
        email: "amina@example.ug",
        phone: "0772123456",
        name: "Amina Nakato",
        dateOfBirth: null,
        country: "Uganda",
        gender: "female",
        picture: "/media/avatars/7.webp",
        status: "UNVERIFIED",
      },
    });
    expect(isLoggedIn(ports.storage)).toBe(true);
  });

  it("logs in with the phone number too, keeping the email as the user name", async () => {
    const ports = world();
    expect((await login(ports, { username: "0772123456", password: "kampala-2024" })).ok).toBe(true);
    expect(ports.storage.get("loggedInUserName")).toBe("amina@example.ug");
  });

  it("says 'Invalid Credentials' for a wrong password and stores nothing", async () => {
    const ports = world();
    const failure = failureOf(await login(ports, { username: "amina@example.ug", password: "wrong-one" }));
    expect(failure).toEqual({ kind: "invalid-credentials", message: "Invalid Credentials" });
    expect(ports.storage.entries()).toEqual({});
  });

  it("refuses an unverified user: 'User not verified, please check email'", async () => {
    const ports = world(false);
    const failure = failureOf(await login(ports, { username: "amina@example.ug", password: "kampala-2024" }));
    expect(failure).toEqual({ kind: "not-verified", message: "User not verified, please check email" });
    expect(isLoggedIn(ports.storage)).toBe(false);
  });

  it.each([
    [{ kind: "network" } as const, "Please check your internet connection"],
    [{ kind: "too-many-attempts" } as const, "Too many attempts, please wait and try again"],
    [{ kind: "server", status: 503 } as const, "Server down, try again later!"],
  ])("words %j as '%s'", async (error, message) => {
    const ports = world();
    ports.auth.failures.set("login", error);
    const failure = failureOf(await login(ports, { username: "amina@example.ug", password: "kampala-2024" }));
    expect(failure.message).toBe(message);
  });

  it("requires both fields", async () => {
    const failure = failureOf(await login(world(), { username: " ", password: "" }));
    expect(failure).toMatchObject({
      kind: "invalid-form",
      fields: { username: "Enter your phone number or email", password: "Enter your password" },
    });
  });
});

describe("logout", () => {
  async function loggedIn() {
    const ports = world();
    await login(ports, { username: "amina@example.ug", password: "kampala-2024" });
    ports.storage.set("activeShopid", 3);
    ports.storage.set("search_query", "solar");
    return ports;
  }

  it("revokes the token on the service and clears all storage", async () => {
    const ports = await loggedIn();
    const token = ports.storage.get("token")!;
    const result = await logout(ports);
    expect(result).toEqual({ message: "You are logged out", revoked: true });
    expect(ports.auth.isTokenValid(token)).toBe(false);
    expect(ports.storage.entries()).toEqual({});
  });

  it("clears all storage even when the service cannot be reached", async () => {
    const ports = await loggedIn();
    ports.auth.failures.set("logout", { kind: "network" });
    expect((await logout(ports)).revoked).toBe(false);
    expect(ports.storage.entries()).toEqual({});
  });

  it("does nothing harmful when nobody is logged in", async () => {
    const ports = world();
    expect((await logout(ports)).revoked).toBe(false);
  });
});

describe("current user", () => {
  it("answers who the token belongs to and refreshes the stored user", async () => {
    const ports = world();
    await login(ports, { username: "amina@example.ug", password: "kampala-2024" });
    await ports.auth.updateProfile(ports.storage.get("token")!, { name: "Amina N." });
    const current = successOf(await loadCurrentUser(ports));
    expect(current).toEqual({ user: { ...amina, name: "Amina N." }, isAdmin: false });
    expect(ports.storage.get("activeUser")?.name).toBe("Amina N.");
  });

  it("is 'not-logged-in' without a stored token", async () => {
    expect(failureOf(await loadCurrentUser(world()))).toEqual({
      kind: "not-logged-in",
      message: "You need to login first",
    });
  });

  it("clears a session the service no longer knows", async () => {
    const ports = world();
    await login(ports, { username: "amina@example.ug", password: "kampala-2024" });
    await ports.auth.logout(ports.storage.get("token")!);
    expect(failureOf(await loadCurrentUser(ports))).toEqual({
      kind: "unauthorized",
      message: "Your session has ended, please log in again",
    });
    expect(isLoggedIn(ports.storage)).toBe(false);
  });

  it("keeps the session when the service cannot be reached", async () => {
    const ports = world();
    await login(ports, { username: "amina@example.ug", password: "kampala-2024" });
    ports.auth.failures.set("me", { kind: "network" });
    expect(failureOf(await loadCurrentUser(ports)).kind).toBe("network");
    expect(isLoggedIn(ports.storage)).toBe(true);
  });
});
