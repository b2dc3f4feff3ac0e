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
  const answers: Record<string, unknown> = {};
  let products: unknown;
  for (const call of FIRST_SCREEN_CALLS) {
    const path = `${shopBase}${call}`;
    // Through the app itself: the same answer as the API's, from the read cache when it is warm.
    const response = await app.inject({ method: "GET", url: path });
    if (response.statusCode !== 200) continue;
    const body: unknown = response.json();
    answers[path] = body;
    if (call === "product/") products = body;
  }
  if (Object.keys(answers).length === 0) return { data: "", preload: "" };
  const json = JSON.stringify(answers).replaceAll("<", "\\u003c");
  return {
    data: `<script type="application/json" id="${FIRST_SCREEN_ID}">${json}</script>`,
    preload: trendingPreload(products, shopBase),
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
