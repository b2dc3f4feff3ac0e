import { create } from "xmlbuilder2";
import { smokeMessages } from "./smoke-messages.js";
import type { SmokeResult } from "./smoke-run.js";

/** `{passed, failed, skipped, checks}`: exactly what `--json` prints. */
export function smokeJson(results: readonly SmokeResult[]) {
  const passed = results.filter((r) => r.ok).length;
  const skipped = results.filter((r) => r.skipped).length;
  return {
    passed,
    failed: results.length - passed - skipped,
    skipped,
    checks: results.map(({ name, ok, skipped, ms, error }) =>
      error === undefined ? { name, ok, skipped, ms } : { name, ok, skipped, ms, error },
    ),
  };
}

/** One line per check: ✓ or ✗, the name, the time, and why it failed. */
export function smokeLine(result: SmokeResult, nameWidth: number): string {
  const mark = result.ok ? "✓" : result.skipped ? "-" : "✗";
  const time = `${result.ms} ms`.padStart(8);
  const reason = result.error === undefined ? "" : `  ${result.error}`;
  return `${mark} ${result.name.padEnd(nameWidth)} ${time}${reason}\n`;
}

export function smokeSummary(results: readonly SmokeResult[]): string {
  const { passed, failed, skipped } = smokeJson(results);
  return `${smokeMessages.summary(passed, failed, skipped)}\n`;
}

/**
 * A JUnit XML report: one testsuite, one testcase per check, a failure element for each failed one
 * and a skipped element for each not run.
 */
export function smokeJunit(results: readonly SmokeResult[], target: string): string {
  const { failed, skipped } = smokeJson(results);
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("testsuites", {
    name: "katale smoke",
    tests: results.length,
    failures: failed,
    skipped,
    time: seconds(total),
  });
  const suite = root.ele("testsuite", {
    name: "katale smoke",
    hostname: target,
    tests: results.length,
    failures: failed,
    errors: 0,
    skipped,
    time: seconds(total),
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, ""),
  });
  for (const result of results) {
    const testcase = suite.ele("testcase", {
      name: result.name,
      classname: "katale.smoke",
      time: seconds(result.ms),
    });
    if (result.skipped) testcase.ele("skipped", { message: result.error ?? "not run" });
    else if (!result.ok)
      testcase.ele("failure", { message: result.error ?? "failed" }).txt(result.error ?? "");
  }
  return root.end({ prettyPrint: true });
}
