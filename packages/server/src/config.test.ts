import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("has embedded defaults for development", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      port: 8080,
      dataDir: "./data",
      databaseUrl: undefined,
      publicUrl: "http://localhost:8080",
      seed: "demo",
      services: ["auth", "shop"],
    });
    expect(config.shopIdSecret.length).toBeGreaterThanOrEqual(16);
  });

  it("runs PGlite durably unless PGLITE_FSYNC=off", () => {
    expect(loadConfig({}).pgliteFsync).toBe(true);
    expect(loadConfig({ PGLITE_FSYNC: "off" }).pgliteFsync).toBe(false);
    expect(() => loadConfig({ PGLITE_FSYNC: "no" })).toThrow(/^Invalid configuration: PGLITE_FSYNC/);
  });

  it("stops on a bad value with one line naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT .*\(got "eighty"\)$/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ NODE_ENV: "staging" })).toThrow(/NODE_ENV/);
  });

  it("never echoes secrets in its errors", () => {
    let message = "";
    try {
      loadConfig({ SHOP_ID_SECRET: "short-secret" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SHOP_ID_SECRET must be at least 16 characters/);
    expect(message).not.toContain("short-secret");
  });

  it("refuses development defaults in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/DATABASE_URL is required in production/);
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/katale",
      SHOP_ID_SECRET: "a-very-long-production-secret",
      PUBLIC_URL: "https://katale.ug/",
      SMTP_URL: "smtps://mailer:secret@smtp.katale.ug:465",
    });
    expect(config.seed).toBe("none");
    expect(config.publicUrl).toBe("https://katale.ug");
  });

  it("reads mail, admin and geocoding settings; production needs SMTP and keeps rate limits on", () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, admin: undefined, authRateLimits: true });
    expect(
      loadConfig({
        KATALE_ADMIN_EMAIL: "boss@example.ug",
        KATALE_ADMIN_PASSWORD: "long enough",
        SMTP_URL: "smtp://mail:25",
      }),
    ).toMatchObject({
      admin: { email: "boss@example.ug", password: "long enough" },
      smtpUrl: "smtp://mail:25",
    });
    expect(() => loadConfig({ KATALE_ADMIN_EMAIL: "boss@example.ug" })).toThrow(
      /KATALE_ADMIN_PASSWORD is required when KATALE_ADMIN_EMAIL is set/,
    );
    expect(() =>
      loadConfig({ KATALE_ADMIN_EMAIL: "boss@example.ug", KATALE_ADMIN_PASSWORD: "short" }),
    ).toThrow(/KATALE_ADMIN_PASSWORD must be 8 to 128 characters$/);
    expect(() => loadConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL must be an smtp/);
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/katale",
      SHOP_ID_SECRET: "a-very-long-production-secret",
      PUBLIC_URL: "https://katale.ug/",
    };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL is required in production/);
    expect(() => loadConfig({ ...production, SMTP_URL: "smtp://mail:25", AUTH_RATE_LIMITS: "off" })).toThrow(
      /AUTH_RATE_LIMITS cannot be off in production/,
    );
    expect(() => loadConfig({ GEOAPIFY_API_KEY: "short" })).toThrow(
      /^Invalid configuration: GEOAPIFY_API_KEY [^"]*$/,
    );
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it("reads TRUST_PROXY as proxy hops (true is one) or the trusted proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
      "loopback",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY must be false, true, a number/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  });

  it("has timeouts and a connection limit for slow clients, configurable", () => {
    expect(loadConfig({}).httpLimits).toEqual({
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 300_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 2000,
    });
    expect(
      loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: "20", HTTP_HEADERS_TIMEOUT_SECONDS: "5" }).httpLimits,
    ).toMatchObject({ requestTimeoutMs: 20_000, headersTimeoutMs: 5_000 });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: "0" })).toThrow(
      /HTTP_REQUEST_TIMEOUT_SECONDS must be a whole number of seconds/,
    );
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: "10" })).toThrow(
      /HTTP_HEADERS_TIMEOUT_SECONDS cannot be longer than HTTP_REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it("refuses the development shop-id key in production", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/katale",
      PUBLIC_URL: "https://katale.ug/",
      SMTP_URL: "smtps://mailer:secret@smtp.katale.ug:465",
    };
    const development = loadConfig({}).shopIdSecret;
    expect(() => loadConfig({ ...production, SHOP_ID_SECRET: development })).toThrow(
      /^Invalid configuration: SHOP_ID_SECRET must not be the development value in production$/,
    );
    expect(loadConfig({ ...production, SHOP_ID_SECRET: "our-own-shop-link-key" }).shopIdSecret).toBe(
      "our-own-shop-link-key",
    );
  });
});
