// Lighthouse, mobile, against a running server (`npm start`'s defaults, port 8080): the home page,
// a product page and a category page, each several times, in three ways:
// - "mobile": Lighthouse's default mobile run (simulated: RTT 150 ms, 1.6 Mbit/s, 4× CPU);
// - "slow": a first visit on a slow connection (simulated: RTT 300 ms, 700 Kbit/s, 4× CPU);
// - "slow, worker warm": the same connection applied to the browser itself (devtools throttling),
//   in a browser that visited the page before and whose service worker controls it: a repeat visit.
// Lighthouse is not a dependency of the repository (it is large); install it beside it:
//   npm install --prefix /tmp/lh lighthouse@12.2.3 chrome-launcher
//   LIGHTHOUSE_DIR=/tmp/lh CHROME_PATH=/usr/bin/chromium node --import tsx tests/bench/lighthouse.ts
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const base = process.env.LIGHTHOUSE_URL ?? "http://localhost:8080";
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const pages = (
  process.env.LIGHTHOUSE_PAGES ?? "/,/item/bicycle-pump-3eel,/products/category/Electronics"
).split(",");
const dir = process.env.LIGHTHOUSE_DIR ?? "/tmp/lh";
const modes = (process.env.LIGHTHOUSE_MODES ?? "mobile,slow,warm").split(",");

const load = async (name: string) => {
  const require = createRequire(join(dir, "package.json"));
  return import(pathToFileURL(require.resolve(name)).href);
};
const { default: lighthouse } = await load("lighthouse");
const chromeLauncher = await load("chrome-launcher");
const { default: puppeteer } = await load("puppeteer-core");

const SLOW = { rttMs: 300, throughputKbps: 700, cpuSlowdownMultiplier: 4 };
const SLOW_DEVTOOLS = {
  requestLatencyMs: 300,
  downloadThroughputKbps: 700,
  uploadThroughputKbps: 700,
  cpuSlowdownMultiplier: 4,
};

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  /** Requests that moved no bytes over the network: answered by the worker or the browser's cache. */
  fromWorker: number;
  requests: number;
}

function figures(lhr: {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
}): Figures {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    lcp: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    fcp: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN),
    fromWorker: items.filter((item) => item.transferSize === 0).length,
    requests: items.length,
  };
}

async function audit(port: number, url: string, mode: string): Promise<Figures> {
  const flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    formFactor: "mobile",
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    ...(mode === "slow" ? { throttlingMethod: "simulate", throttling: SLOW } : {}),
    ...(mode === "warm"
      ? { throttlingMethod: "devtools", throttling: SLOW_DEVTOOLS, disableStorageReset: true }
      : {}),
  };
  const result = await lighthouse(url, flags);
  if (!result?.lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  if (process.env.LIGHTHOUSE_SAVE)
    (await import("node:fs")).writeFileSync(`${process.env.LIGHTHOUSE_SAVE}-${mode}.json`, result.report);
  return figures(result.lhr);
}

/** Runs in the page: whether its service worker controls it. */
const CONTROLLED = "navigator.serviceWorker != null && navigator.serviceWorker.controller != null";

/** Visits the page in the browser until its service worker controls it and has kept what it loads. */
async function warmUp(port: number, url: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: "networkidle0" });
    await page.waitForFunction(CONTROLLED, { timeout: 30_000 }).catch(async () => {
      await page.reload({ waitUntil: "networkidle0" });
      await page.waitForFunction(CONTROLLED, { timeout: 30_000 });
    });
    await page.reload({ waitUntil: "networkidle0" });
    await page.close();
  } finally {
    browser.disconnect();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

console.log(
  `Lighthouse on ${base}, ${runs} runs a page, load average ${(await import("node:os"))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
console.log(
  "| page | visit | score (median, range) | LCP ms (median, range) | TBT ms | FCP ms | requests with no bytes over the network |",
);
console.log("|---|---|---|---|---:|---:|---:|");
let rerun = 0;
for (const mode of modes)
  for (const path of pages) {
    const url = `${base}${path}`;
    const all: Figures[] = [];
    // A run whose trace Lighthouse could not read (NO_NAVSTART: it happens on a busy machine, on any
    // build) is run again, at most twice a page; how many were is printed after the table.
    for (let run = 0, retries = 0; run < runs; run++) {
      const chrome = await chromeLauncher.launch({ chromeFlags: ["--headless=new", "--no-sandbox"] });
      try {
        if (mode === "warm") await warmUp(chrome.port, url);
        all.push(await audit(chrome.port, url, mode));
      } catch (error) {
        if (!String(error).includes("NO_NAVSTART") || retries === 2) throw error;
        retries++;
        rerun++;
        run--;
      } finally {
        await chrome.kill();
      }
    }
    const range = (pick: (f: Figures) => number) =>
      `${median(all.map(pick))} (${Math.min(...all.map(pick))}–${Math.max(...all.map(pick))})`;
    const label = { mobile: "mobile", slow: "slow, first", warm: "slow, worker warm" }[mode] ?? mode;
    console.log(
      `| ${path} | ${label} | ${range((f) => f.score)} | ${range((f) => f.lcp)} | ${median(all.map((f) => f.tbt))} | ${median(all.map((f) => f.fcp))} | ${median(all.map((f) => f.fromWorker))}/${median(all.map((f) => f.requests))} |`,
    );
  }
if (rerun > 0) console.log(`${rerun} run(s) run again after Lighthouse's NO_NAVSTART`);
