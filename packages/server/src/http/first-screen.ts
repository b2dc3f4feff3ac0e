import { toProduct } from "@katale/adapters-http";
import { FIRST_SCREEN_ID, productWire } from "@katale/adapters-http/contract";
import { imageSrcSet, mediaUrl, selectTrending, TRENDING_IMAGE_SIZES } from "@katale/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

// The home screen's data in the page itself (issue 13): the answers of the calls the first screen
// makes, inlined as JSON, so the app renders them as soon as its JavaScript runs instead of waiting a
// round of API calls; and a preload of the picture that ends up the largest on screen (the first
// Trending card), so it downloads beside the JavaScript.

/** The shop-service calls the home screen makes on a first visit, by their path from the service's base. */
export const FIRST_SCREEN_CALLS = ["product/", "category/", "shop/top-rated/"] as const;

const productList = z.object({ data: z.array(productWire) });

/** The JSON element and the preload link for `/`; empty strings when the service is not here. */
export async function firstScreen(
  app: FastifyInstance,
  shopBase: string,
): Promise<{ data: string; preload: string }> {
  // The three calls at once, through the app itself: the same answers as the API's, from the read
  // cache when it is warm. Their bodies go into the page as they are (no parse and re-serialise).
  const answers = await Promise.all(
    FIRST_SCREEN_CALLS.map(async (call) => {
      const path = `${shopBase}${call}`;
      const response = await app.inject({ method: "GET", url: path });
      return { call, path, ok: response.statusCode === 200, body: response.body };
    }),
  );
  const found = answers.filter((answer) => answer.ok);
  if (found.length === 0) return { data: "", preload: "" };
  const json = `{${found.map(({ path, body }) => `${JSON.stringify(path)}:${body}`).join(",")}}`.replaceAll(
    "<",
    "\\u003c",
  );
  const products = found.find((answer) => answer.call === "product/")?.body;
  return {
    data: `<script type="application/json" id="${FIRST_SCREEN_ID}">${json}</script>`,
    preload: products === undefined ? "" : trendingPreload(JSON.parse(products), shopBase),
  };
}

/** `<link rel=preload>` for the first Trending card's picture, with the srcset and sizes the card uses. */
function trendingPreload(body: unknown, shopBase: string): string {
  const parsed = productList.safeParse(body);
  if (!parsed.success) return "";
  const first = selectTrending(parsed.data.data.map(toProduct))[0];
  const url = mediaUrl(shopBase, first?.images[0]);
  if (url === null) return "";
  const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  return `<link rel="preload" as="image" href="${attribute(url)}" imagesrcset="${attribute(imageSrcSet(url))}" imagesizes="${TRENDING_IMAGE_SIZES}" fetchpriority="high">`;
}
