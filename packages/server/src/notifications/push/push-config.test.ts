import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { loadConfig } from "../../config.js";

// VAPID_*: both keys or neither, each as web-push prints it; a subject push services can write to.

describe("web push configuration", () => {
  const pair = webpush.generateVAPIDKeys();

  it("keeps the keys in the database unless both are given", () => {
    expect(loadConfig({}).push).toEqual({ vapidKeys: undefined, subject: undefined });
    const given = loadConfig({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "mailto:ops@katale.ug",
    });
    expect(given.push).toEqual({ vapidKeys: pair, subject: "mailto:ops@katale.ug" });
  });

  it("stops start-up with one line naming the variable", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      "Invalid configuration: VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set",
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(
      /^Invalid configuration: VAPID_PUBLIC_KEY must be a P-256 public key in base64url \(65 bytes\)/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "http://katale.ug" })).toThrow(
      'Invalid configuration: VAPID_SUBJECT must be a mailto: address or an https:// URL (got "http://katale.ug")',
    );
  });
});
