import { describe, expect, it } from "vitest";
import { EXIT_FAILURE, EXIT_USAGE, failureFrom } from "./cli-failure.js";

const shop = { service: "shop", url: "http://127.0.0.1:9/api/shop/" } as const;

describe("failureFrom", () => {
  it("says the service cannot be reached, naming its URL", () => {
    const failure = failureFrom({ kind: "network" }, shop);
    expect(failure.message).toBe(
      "Cannot reach the shop service at http://127.0.0.1:9/api/shop/: is the server running?",
    );
    expect(failure.exitCode).toBe(EXIT_FAILURE);
  });

  it("passes on the service's not-found message, else the command's", () => {
    expect(failureFrom({ kind: "not-found", message: "Product not found" }, shop).message).toBe(
      "Product not found",
    );
    expect(failureFrom({ kind: "not-found" }, { ...shop, notFound: "Shop not found" }).message).toBe(
      "Shop not found",
    );
  });

  it("reads an unknown route as a wrong URL, whatever the service's words", () => {
    expect(failureFrom({ kind: "not-found", route: true, message: "Not found." }, shop).message).toContain(
      "is that the right URL?",
    );
    expect(failureFrom({ kind: "not-found", route: true }, shop).message).toContain("is that the right URL?");
    expect(failureFrom({ kind: "not-found", message: "Not found." }, shop).message).toBe("Not found.");
  });

  it("names the page past the end", () => {
    expect(failureFrom({ kind: "invalid-page" }, { ...shop, page: 40 }).message).toBe(
      "No more products: page 40 is past the last page.",
    );
  });

  it("refused input is a usage failure", () => {
    const failure = failureFrom({ kind: "invalid", message: "page_size: too big" }, shop);
    expect(failure.exitCode).toBe(EXIT_USAGE);
    expect(failure.message).toBe("page_size: too big");
  });

  it("says a refusal in the service's words, and asks for a login without a session", () => {
    expect(failureFrom({ kind: "forbidden", message: "You are not the owner" }, shop).message).toBe(
      "You are not the owner",
    );
    expect(failureFrom({ kind: "not-logged-in" }, shop).message).toBe("You need to login first");
  });

  it("tells a failing service from one that is not Katale", () => {
    expect(failureFrom({ kind: "server", status: 503 }, shop).message).toBe(
      "The shop service at http://127.0.0.1:9/api/shop/ failed (HTTP 503): Server down, try again later!",
    );
    expect(failureFrom({ kind: "server", status: 200 }, shop).message).toContain("is that the right URL?");
  });
});
