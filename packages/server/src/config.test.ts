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
      maxConnectionsPerAddress: 256,
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

  it("keeps media in DATA_DIR and limits in the database unless S3_* or REDIS_URL are set", () => {
    expect(loadConfig({})).toMatchObject({ s3: undefined, redisUrl: undefined });
    expect(loadConfig({ REDIS_URL: "redis://cache:6379/2" }).redisUrl).toBe("redis://cache:6379/2");
    expect(() => loadConfig({ REDIS_URL: "http://cache" })).toThrow(
      /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/,
    );
  });

  it("reads S3 storage, with the bucket's keys or the standard AWS ones", () => {
    const s3 = {
      S3_ENDPOINT: "http://minio:9000",
      S3_BUCKET: "katale-media",
      S3_ACCESS_KEY_ID: "katale",
      S3_SECRET_ACCESS_KEY: "a-long-secret",
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: "http://minio:9000",
      region: "us-east-1",
      bucket: "katale-media",
      privateBucket: "katale-media",
      prefix: "",
      accessKeyId: "katale",
      secretAccessKey: "a-long-secret",
      sessionToken: undefined,
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        S3_BUCKET: "katale-media",
        S3_PRIVATE_BUCKET: "katale-documents",
        S3_PREFIX: "prod",
        AWS_REGION: "eu-west-1",
        AWS_ACCESS_KEY_ID: "AKIA0000",
        AWS_SECRET_ACCESS_KEY: "aws-secret",
      }).s3,
    ).toMatchObject({
      endpoint: undefined,
      region: "eu-west-1",
      privateBucket: "katale-documents",
      prefix: "prod/",
      accessKeyId: "AKIA0000",
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
  });

  it("stops when S3 is set only in part, naming what is missing and never echoing a key", () => {
    const fails = (env: Record<string, string>) => () => loadConfig(env);
    expect(fails({ S3_ENDPOINT: "http://minio:9000" })).toThrow(
      /^Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set$/,
    );
    expect(fails({ S3_BUCKET: "katale-media" })).toThrow(
      /^Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY \(or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\) are required when S3_BUCKET is set$/,
    );
    expect(fails({ S3_BUCKET: "katale-media", S3_ACCESS_KEY_ID: "katale" })).toThrow(
      /S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set$/,
    );
    expect(fails({ S3_BUCKET: "Katale_Media" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(fails({ S3_ENDPOINT: "minio:9000" })).toThrow(
      /S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/,
    );
    let message = "";
    try {
      loadConfig({
        S3_BUCKET: "katale-media",
        S3_ACCESS_KEY_ID: "x",
        S3_SECRET_ACCESS_KEY: "y",
        S3_PREFIX: "/abs",
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: S3_PREFIX must be a key prefix/);
  });
});
