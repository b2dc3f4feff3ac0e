import { describe, expect, it } from "vitest";
import { type SmokeCheck, SmokeFailure, SmokeNotRun, searchWord } from "./smoke-checks.js";
import { smokeJson, smokeJunit, smokeLine, smokeSummary } from "./smoke-report.js";
import { runSmoke } from "./smoke-run.js";

const urls = { shop: "http://shop.test/api/shop/", auth: "http://auth.test/api/auth/" };
const check = (name: string, run: () => Promise<unknown>, extra: Partial<SmokeCheck> = {}): SmokeCheck => ({
  name,
  service: "shop",
  run,
  ...extra,
});

describe("runSmoke", () => {
  it("runs every check in order and reports each as it ends", async () => {
    const seen: string[] = [];
    const results = await runSmoke(
      [
        check("one", async () => {}),
        check("two", async () => Promise.reject(new SmokeFailure("no shops listed"))),
      ],
      { timeoutMs: 1000, urls, onResult: (r) => seen.push(r.name) },
    );
    expect(seen).toEqual(["one", "two"]);
    expect(results.map(({ name, ok, error }) => ({ name, ok, error }))).toEqual([
      { name: "one", ok: true, error: undefined },
      { name: "two", ok: false, error: "no shops listed" },
    ]);
  });

  it("does not try a server's other checks once it cannot be reached, but tries the other server", async () => {
    let tried = 0;
    const results = await runSmoke(
      [
        check("categories", async () =>
          Promise.reject(new SmokeFailure("cannot reach http://shop.test/", true)),
        ),
        check("shops", async () => tried++),
        check("login", async () => tried++, { service: "auth" }),
      ],
      { timeoutMs: 1000, urls },
    );
    expect(tried).toBe(1);
    expect(results[1]).toEqual({
      name: "shops",
      ok: false,
      skipped: true,
      ms: 0,
      error: "not run: cannot reach http://shop.test/",
    });
    expect(results[2]).toMatchObject({ name: "login", ok: true });
  });

  it("reports 0 ms for a check not run for want of an earlier check's find, whatever the clock says", async () => {
    let clock = 0;
    const results = await runSmoke(
      [
        check("login", async () => Promise.reject(new SmokeFailure("Invalid Credentials")), {
          service: "auth",
        }),
        check("users/me", async () => Promise.reject(new SmokeNotRun("not run: needs a login"))),
      ],
      { timeoutMs: 1000, urls, now: () => (clock += 3) },
    );
    expect(results.map(({ name, ms, skipped }) => ({ name, ms, skipped }))).toEqual([
      { name: "login", ms: 3, skipped: false },
      { name: "users/me", ms: 0, skipped: true },
    ]);
  });

  it("gives up on a check after the timeout, and a failed gate stops its server's checks", async () => {
    const results = await runSmoke(
      [check("health", () => new Promise(() => {}), { gate: true }), check("faqs", async () => {})],
      { timeoutMs: 20, urls },
    );
    expect(results.map((r) => r.error)).toEqual(["timed out after 20 ms", "not run: timed out after 20 ms"]);
  });
});

describe("smoke reports", () => {
  const results = [
    { name: "search", ok: true, skipped: false, ms: 12 },
    { name: "login", ok: false, skipped: false, ms: 30, error: `Invalid "Credentials" <&>` },
    { name: "users/me", ok: false, skipped: true, ms: 0, error: "not run: needs a login" },
  ];

  it("prints exactly {passed, failed, skipped, checks}: a check not run is skipped, not failed", () => {
    expect(JSON.parse(JSON.stringify(smokeJson(results)))).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      checks: [
        { name: "search", ok: true, skipped: false, ms: 12 },
        { name: "login", ok: false, skipped: false, ms: 30, error: `Invalid "Credentials" <&>` },
        { name: "users/me", ok: false, skipped: true, ms: 0, error: "not run: needs a login" },
      ],
    });
    expect(smokeSummary(results)).toBe("1 passed, 1 failed, 1 skipped\n");
  });

  it("writes one line per check with its mark, time and reason", () => {
    expect(smokeLine(results[0]!, 6)).toBe("✓ search    12 ms\n");
    expect(smokeLine(results[1]!, 6)).toBe(`✗ login     30 ms  Invalid "Credentials" <&>\n`);
    expect(smokeLine(results[2]!, 8)).toBe("- users/me     0 ms  not run: needs a login\n");
  });

  it("writes JUnit XML with the reason escaped", () => {
    const xml = smokeJunit(results, "http://shop.test/");
    expect(xml).toContain('tests="3" failures="1" skipped="1"');
    expect(xml).toContain('<skipped message="not run: needs a login"/>');
    expect(xml).toContain('<testcase name="search" classname="katale.smoke" time="0.012"/>');
    expect(xml).toContain('<failure message="Invalid &quot;Credentials&quot; &lt;&amp;&gt;">');
  });
});

describe("searchWord", () => {
  it("takes the longest word of a product's name", () => {
    expect(searchWord("Solar lamp (20W)")).toBe("Solar");
    expect(searchWord("Kitenge dress, size 12")).toBe("Kitenge");
    expect(searchWord("TV")).toBe("TV");
  });
});
