import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { toProduct } from "@katale/adapters-http";
import { ERROR_CODES, type ProductWire } from "@katale/adapters-http/contract";
import { BANNER_CATEGORIES_COUNT, bannerItems, TRENDING_COUNT } from "@katale/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCategory, aProduct, aRating, aShop, aSubCategory } from "./testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "./testing/test-server.js";

describe.each(databaseKinds())("the server (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reports health with a reachable database and its version", async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { version: string };
    expect(body).toMatchObject({ status: "ok", database: "ok", services: ["auth", "shop"] });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await fetch(`${server.shopUrl}no/such/thing/`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Not found.", code: "not_found" });
  });

  it("serves the OpenAPI reference generated from the contract", async () => {
    const res = await fetch(`${server.baseUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      info: { title: string };
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe("Katale API");
    expect(Object.keys(doc.paths)).toContain("/api/health");
    const html = await fetch(`${server.baseUrl}/api/docs`, { redirect: "follow" });
    expect(html.status).toBe(200);
  });

  it("documents every error code with its meaning", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      info: { description: string };
    };
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(doc.info.description).toContain(`| \`${code}\` | ${meaning} |`);
    }
  });

  it("does not serve files outside the media folder", async () => {
    const res = await fetch(`${server.baseUrl}/media/../../etc/passwd`);
    expect(res.status).toBe(404);
  });
});

/** A GET whose body comes back as sent (fetch would decompress it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

describe("the server with a built web app", () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "katale-web-"));
    mkdirSync(join(webDir, "assets"));
    writeFileSync(
      join(webDir, "index.html"),
      '<!doctype html><html><head><title>Katale</title><script type="module" crossorigin src="/assets/app-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/app-abc123.css"></head><body><div id=root><!--first-screen--><p>Loading</p><!--/first-screen--></div><script>document.getElementById("app-entry")</script></body></html>',
    );
    writeFileSync(join(webDir, "assets", "app-abc123.css"), "body{color:#111}");
    // The styles of the first screen of / alone (the web build's first-screen-styles.ts).
    writeFileSync(join(webDir, "first-screen.css"), "p{color:#222}");
    writeFileSync(join(webDir, "assets", "app-abc123.js"), "console.log(1)");
    // What the build writes beside a large asset: its brotli and gzip copies.
    const big = `console.log(${JSON.stringify("Katale ".repeat(2000))});`;
    writeFileSync(join(webDir, "assets", "big-def456.js"), big);
    writeFileSync(join(webDir, "assets", "big-def456.js.br"), brotliCompressSync(big));
    writeFileSync(join(webDir, "assets", "big-def456.js.gz"), gzipSync(big));
    server = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves the app for any page path (history fallback), never cached", async () => {
    for (const path of ["/", "/item/some-product", "/account/reviews", "/no/such/page"]) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("<title>Katale</title>");
    }
  });

  it("puts the home screen's first answers in / and preloads the first Trending picture", async () => {
    // Two products; the older one is rated, so Trending (most rated first) opens with it, not the newest.
    const rated = await aProduct(server.db, {
      name: "Gulu shea butter",
      images: ["/media/products/shea.webp"],
    });
    await aProduct(server.db, { name: "Jinja kettle", images: ["/media/products/kettle.webp"] });
    await aRating(server.db, { product_id: rated.id, rating: 8 });
    const html = await (await fetch(`${server.baseUrl}/`)).text();

    const inlined = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(html)?.[1];
    const answers = JSON.parse(inlined ?? "null") as Record<string, unknown>;
    expect(Object.keys(answers).sort()).toEqual([
      "/api/shop/category/",
      "/api/shop/product/",
      "/api/shop/product/trending/",
      "/api/shop/shop/top-rated/",
    ]);
    // Exactly what the API answers for the same calls.
    for (const [path, body] of Object.entries(answers)) {
      expect(body, path).toEqual(await (await fetch(`${server.baseUrl}${path}`)).json());
    }
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/products/shea.webp" imagesrcset="/media/products/shea-240.webp 240w, /media/products/shea-480.webp 480w, /media/products/shea-800.webp 800w, /media/products/shea.webp 1200w" imagesizes="(min-width: 768px) 25vw, 45vw" fetchpriority="high">',
    );
    // The first Trending picture is in the page's skeleton, in place of the placeholder.
    expect(html).toContain(
      '<img src="/media/products/shea.webp" srcset="/media/products/shea-240.webp 240w, /media/products/shea-480.webp 480w, /media/products/shea-800.webp 800w, /media/products/shea.webp 1200w" sizes="(min-width: 768px) 25vw, 45vw" alt="" width="480" height="480" fetchpriority="high"',
    );
    expect(html).not.toContain("<p>Loading</p>");
    // Asked for before the app's scripts.
    expect(html.indexOf('<link rel="preload" as="image"')).toBeLessThan(
      html.indexOf("/assets/app-abc123.js"),
    );
    // Only / carries them: another page is the plain one.
    const other = await (await fetch(`${server.baseUrl}/shops`)).text();
    expect(other).not.toContain('id="first-screen"');
    expect(other).not.toContain('rel="preload"');
  });

  it("marks the page for the app's data saver on Save-Data: on, its first picture a size smaller", async () => {
    const coffee = await aProduct(server.db, {
      name: "Mbale coffee",
      images: ["/media/products/coffee.webp"],
    });
    const saving = await fetch(`${server.baseUrl}/item/${coffee.slug}`, { headers: { "save-data": "on" } });
    expect(saving.headers.get("vary")).toMatch(/save-data/);
    const html = await saving.text();
    expect(html).toContain('<html data-save-data="on">');
    expect(html).toContain(
      'imagesrcset="/media/products/coffee-240.webp 480w, /media/products/coffee-480.webp 960w, /media/products/coffee-800.webp 1600w"',
    );
    // Every page says so, and without the header none does.
    const other = await (await fetch(`${server.baseUrl}/shops`, { headers: { "save-data": "on" } })).text();
    expect(other).toContain('<html data-save-data="on">');
    const plain = await (await fetch(`${server.baseUrl}/item/${coffee.slug}`)).text();
    expect(plain).not.toContain("data-save-data");
    expect(plain).toContain("/media/products/coffee-240.webp 240w");
  });

  it("takes the first picture a size smaller when the data saver switch's cookie says on, and not when it says off", async () => {
    const tea = await aProduct(server.db, { name: "Kericho tea", images: ["/media/products/tea.webp"] });
    const switched = await fetch(`${server.baseUrl}/item/${tea.slug}`, {
      headers: { cookie: "katale-data-saver=on" },
    });
    expect(switched.headers.get("vary")).toMatch(/cookie/);
    const html = await switched.text();
    expect(html).toContain('imagesrcset="/media/products/tea-240.webp 480w');
    // The app's own setting decides data saver; the page is marked only for the browser's header.
    expect(html).not.toContain("data-save-data");
    // Switched off, the header asks in vain for the pictures.
    const off = await (
      await fetch(`${server.baseUrl}/item/${tea.slug}`, {
        headers: { "save-data": "on", cookie: "katale-data-saver=off" },
      })
    ).text();
    expect(off).toContain("/media/products/tea-240.webp 240w");
  });

  it("inlines in / only the products the banner shows, and Trending, as the API answers them", async () => {
    // More products than both show; every third one without a picture, a few older ones rated.
    const made = [];
    for (let i = 0; i < BANNER_CATEGORIES_COUNT + TRENDING_COUNT + 6; i++)
      made.push(
        await aProduct(server.db, {
          name: `Kampala item ${i}`,
          images: i % 3 === 0 ? [] : [`/media/products/item-${i}.webp`],
        }),
      );
    for (const [index, product] of made.slice(0, 5).entries())
      await aRating(server.db, { product_id: product.id, rating: 4 + index });
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const inlined = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(html)?.[1];
    const answers = JSON.parse(inlined ?? "null") as Record<string, { data: ProductWire[] }>;
    const cut = answers["/api/shop/product/"]!.data;
    const all = (
      (await (await fetch(`${server.baseUrl}/api/shop/product/`)).json()) as { data: ProductWire[] }
    ).data;

    expect(cut.length).toBeLessThan(all.length);
    // Each as the API answers it, in the API's order.
    expect(cut).toEqual(all.filter((product) => cut.some((kept) => kept.product_id === product.product_id)));
    // Trending as the API answers it (its own call); the same banner from the cut list as from the whole one.
    const trending = (await (await fetch(`${server.baseUrl}/api/shop/product/trending/`)).json()) as {
      data: ProductWire[];
    };
    expect(answers["/api/shop/product/trending/"]).toEqual(trending);
    expect(trending.data.slice(0, 5).map((p: ProductWire) => p.product_id)).toEqual(
      made
        .slice(0, 5)
        .reverse()
        .map((p) => p.id),
    );
    expect(bannerItems(cut.map(toProduct)).slice(0, BANNER_CATEGORIES_COUNT)).toEqual(
      bannerItems(all.map(toProduct)).slice(0, BANNER_CATEGORIES_COUNT),
    );
  });

  it("puts a product page's and a category page's first answers in the page and preloads their first picture", async () => {
    const category = await aCategory(server.db, { name: "Mbale crafts" });
    const sub = await aSubCategory(server.db, { category_id: category.id });
    // What the product's page shows around it: its shop's other products, related ones and their
    // shops (made first: the bag is the category's newest, its first card).
    const shop = await aShop(server.db);
    await aProduct(server.db, { shop_id: shop.id, category_id: category.id, sub_category_id: sub.id });
    const basket = await aProduct(server.db, { category_id: category.id, sub_category_id: sub.id });
    const bag = await aProduct(server.db, {
      shop_id: shop.id,
      name: "Bark cloth bag",
      category_id: category.id,
      sub_category_id: sub.id,
      images: ["/media/products/bag.webp", "/media/products/bag-side.webp"],
    });
    const sameAsApi = async (html: string) => {
      const inlined = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(html)?.[1];
      const answers = JSON.parse(inlined ?? "null") as Record<string, unknown>;
      for (const [path, body] of Object.entries(answers)) {
        expect(body, path).toEqual(await (await fetch(`${server.baseUrl}${path}`)).json());
      }
      return Object.keys(answers).sort();
    };
    const preload = (sizes: string) =>
      `<link rel="preload" as="image" href="/media/products/bag.webp" imagesrcset="/media/products/bag-240.webp 240w, /media/products/bag-480.webp 480w, /media/products/bag-800.webp 800w, /media/products/bag.webp 1200w" imagesizes="${sizes}" fetchpriority="high">`;

    const item = await (await fetch(`${server.baseUrl}/item/${bag.slug}`)).text();
    expect(await sameAsApi(item)).toEqual(
      [
        `/api/shop/product/slug/${bag.slug}/`,
        `/api/shop/shop/${bag.shop_id}/`,
        `/api/shop/product/shop/${bag.shop_id}/?limit=9`,
        `/api/shop/product/related/${bag.id}/?limit=20`,
        `/api/shop/shop/?ids=${basket.shop_id}`,
      ].sort(),
    );
    // The answers come after the skeleton (painted without parsing them first); the head says so.
    expect(item.indexOf('id="first-screen"')).toBeGreaterThan(
      item.indexOf('<img src="/media/products/bag.webp"'),
    );
    expect(item.split("</head>")[0]).toContain('<meta name="first-screen" content="inlined">');
    expect(item).toContain(preload("(min-width: 768px) 50vw, 100vw"));
    // The product's main picture is in the page's skeleton, in place of the placeholder.
    expect(item).toContain(
      '<img src="/media/products/bag.webp" srcset="/media/products/bag-240.webp 240w, /media/products/bag-480.webp 480w, /media/products/bag-800.webp 800w, /media/products/bag.webp 1200w" sizes="(min-width: 768px) 50vw, 100vw" alt="" width="800" height="800" fetchpriority="high"',
    );
    expect(item).not.toContain("<p>Loading</p>");
    // The page's script fetches and starts the entry once that picture is on screen: the page only
    // names it, and asks for no script before the picture.
    expect(item).toContain('<meta name="app-entry" id="app-entry" content="/assets/app-abc123.js">');
    expect(item).not.toContain('<script type="module"');
    expect(item).not.toContain('rel="modulepreload"');

    // The category by name, any case, as the page finds it.
    const listing = await (await fetch(`${server.baseUrl}/products/category/mbale%20Crafts`)).text();
    expect(await sameAsApi(listing)).toEqual([
      "/api/shop/category/",
      `/api/shop/category/subcategory/${category.id}/`,
      `/api/shop/product/browse/?category=${category.id}`,
    ]);
    expect(listing).toContain(
      preload("(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"),
    );
    const second = await (await fetch(`${server.baseUrl}/products/category/Mbale%20crafts?page=2`)).text();
    // The first card's picture is in the page's skeleton, in place of the placeholder.
    expect(listing).toContain(
      '<img src="/media/products/bag.webp" srcset="/media/products/bag-240.webp 240w, /media/products/bag-480.webp 480w, /media/products/bag-800.webp 800w, /media/products/bag.webp 1200w" sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw" alt="" width="480" height="480" fetchpriority="high"',
    );
    expect(listing).not.toContain("<p>Loading</p>");
    // A later page of the listing asks the service itself.
    expect(second).toContain("<p>Loading</p>");
    expect(second).not.toContain('id="first-screen"');
    // A product that does not exist: nothing to inline or preload.
    const missing = await (await fetch(`${server.baseUrl}/item/no-such-product`)).text();
    expect(missing).not.toContain('id="first-screen"');
    expect(missing).toContain('<script type="module" crossorigin src="/assets/app-abc123.js"></script>');
    expect(missing).toContain("<p>Loading</p>");
    expect(missing).not.toContain('rel="preload"');
  });

  it("inlines the build's stylesheet into the page", async () => {
    const html = await (await fetch(`${server.baseUrl}/shops`)).text();
    expect(html).toContain("<style>body{color:#111}</style>");
    expect(html).not.toContain('rel="stylesheet"');
  });

  it("inlines only the first screen's styles in / with data saver, naming the whole stylesheet", async () => {
    const saving: Record<string, string>[] = [{ "save-data": "on" }, { cookie: "katale-data-saver=on" }];
    for (const headers of saving) {
      const html = await (await fetch(`${server.baseUrl}/`, { headers })).text();
      expect(html).toContain(
        '<style>p{color:#222}</style><meta name="app-styles" content="/assets/app-abc123.css">',
      );
      expect(html).not.toContain("body{color:#111}");
      // Nor the featured shops, which are below the first screen.
      const inlined = /<script type="application\/json" id="first-screen">(.*?)<\/script>/.exec(html)?.[1];
      expect(Object.keys(JSON.parse(inlined ?? "{}"))).not.toContain("/api/shop/shop/top-rated/");
    }
    // Every style without data saver, and on every other page.
    expect(await (await fetch(`${server.baseUrl}/`)).text()).toContain("<style>body{color:#111}</style>");
    const other = await fetch(`${server.baseUrl}/shops`, { headers: { "save-data": "on" } });
    expect(await other.text()).toContain("<style>body{color:#111}</style>");
  });

  it("serves hashed assets with long cache headers", async () => {
    const res = await fetch(`${server.baseUrl}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("sends the build's brotli or gzip copy of an asset as it is, by Accept-Encoding", async () => {
    const url = `${server.baseUrl}/assets/big-def456.js`;
    const plain = readFileSync(join(webDir, "assets", "big-def456.js"));
    for (const [encoding, file] of [
      ["br", "big-def456.js.br"],
      ["gzip", "big-def456.js.gz"],
    ] as const) {
      const res = await rawGet(url, { "accept-encoding": encoding });
      expect(res.headers["content-encoding"], encoding).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      expect(res.headers["cache-control"]).toContain("immutable");
      // The very bytes the build wrote: nothing is compressed again per request.
      expect(res.body.equals(readFileSync(join(webDir, "assets", file))), encoding).toBe(true);
    }
    const identity = await rawGet(url, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });

  it("keeps JSON 404s for unknown API paths and missing media", async () => {
    const api = await fetch(`${server.baseUrl}/api/shop/nothing-here/`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: "Not found.", code: "not_found" });
    const media = await fetch(`${server.baseUrl}/media/products/missing.webp`);
    expect(media.status).toBe(404);
  });

  it("gives the web app its runtime configuration", async () => {
    const res = await fetch(`${server.baseUrl}/app-config.json`);
    expect(await res.json()).toEqual({
      authUrl: "/api/auth/",
      shopUrl: "/api/shop/",
      shopIdSecret: server.config.shopIdSecret,
    });
  });
});

describe("the server filling the web app's index.html", () => {
  let server: TestServer;
  // A secret that would end the script element if it were written into the page unescaped.
  const shopIdSecret = "s3cret</script><script>alert(1)</script>";
  const inlineScript = "window.preloadHint = true;";
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), "katale-web-"));
    writeFileSync(
      join(webDir, "index.html"),
      `<!doctype html><title>Katale</title><script type="application/json" id="app-config"></script><script>${inlineScript}</script><div id=root></div><script type="module" src="/assets/app.js"></script>`,
    );
    server = await startTestServer({ webDir, configOverrides: { shopIdSecret } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("inlines the runtime configuration into every page, so the app needs no extra request", async () => {
    for (const path of ["/", "/item/some-product"]) {
      const html = await (await fetch(server.baseUrl + path)).text();
      const inlined = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(html)?.[1];
      expect(inlined, path).toBeDefined();
      expect(JSON.parse(inlined ?? "")).toEqual(
        await (await fetch(`${server.baseUrl}/app-config.json`)).json(),
      );
      expect(html).not.toContain("<script>alert(1)");
      expect(html).toContain("<div id=root></div>");
    }
  });

  it("sends the page with a strict Content-Security-Policy that lets its own inline script run", async () => {
    const res = await fetch(`${server.baseUrl}/account/account`);
    const policy = res.headers.get("content-security-policy") ?? "";
    const hash = createHash("sha256").update(inlineScript).digest("base64");
    // Exactly one hash: the page's inline script; the configuration block is data, not code.
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends security headers with API answers, without the page's policy", async () => {
    const res = await fetch(`${server.baseUrl}/api/shop/category/`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("content-security-policy")).toBeNull();
  });

  it("sends the page gzipped to a browser that accepts it", async () => {
    const res = await fetch(`${server.baseUrl}/`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toContain('id="app-config">{');
  });

  it("sends the page with brotli to a browser that accepts it, smaller than gzip", async () => {
    for (const path of ["/", "/shops"]) {
      const br = await rawGet(`${server.baseUrl}${path}`, { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"], path).toBe("br");
      expect(brotliDecompressSync(br.body).toString(), path).toContain('id="app-config">{');
      const gzip = await rawGet(`${server.baseUrl}${path}`, { "accept-encoding": "gzip" });
      expect(br.body.length, path).toBeLessThan(gzip.body.length);
    }
  });
});
