import { parsePage, productCalls, routeSchema } from "@katale/adapters-http/contract";
import { isPastEnd, pageCount } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { sha256 } from "../auth/secrets.js";
import type { Database } from "../db/schema.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { INVALID_PAGE, SHOP_NOT_FOUND } from "../http/not-found-messages.js";
import { pageLinks } from "../http/page-links.js";
import type { RouteDeps } from "../http/route-deps.js";
import type { MediaStore } from "../media/media-store.js";
import { parseImagePath } from "../media/media-store.js";
import { isShopOwnerOrAdmin } from "../moderation/owner-view.js";
import { ShopRepository } from "../shops/shop-repository.js";
import { filtersJson, withFilters } from "./product-filter-values.js";

// GET product/shop/{shopId}/paginated/: every product of a shop, page by page, with what identifies
// each picture (the SHA-256 of the file uploaded and of the file served, migration 0015) and its
// filter values (so an export writes them without asking for each product). The
// owner's tools read it (`katale products import|export`): the spec's product/shop/{shopId}/ stays
// as it is, capped at 1,000. Oldest first, so products added while a tool pages through land on
// the last page instead of shifting the ones already read.

type Hash = { path: string; uploaded_sha256: string | null; served_sha256: string | null };
type Row = { json: string; hashes: string | Hash[]; filters: string };

const STOCK = {
  in: sql`AND p.in_stock > 0`,
  out: sql`AND p.in_stock = 0`,
  all: sql``,
} as const;

/** Products moderators hid are left out but for the shop's owner (or an admin). */
const shownTo = (owner: boolean) => (owner ? sql`` : sql`AND NOT p.hidden`);

async function countOf(
  db: Kysely<Database>,
  shopId: number,
  stock: keyof typeof STOCK,
  owner: boolean,
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM products p WHERE p.shop_id = ${shopId} ${STOCK[stock]} ${shownTo(owner)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

async function pageOf(
  db: Kysely<Database>,
  shopId: number,
  stock: keyof typeof STOCK,
  page: number,
  pageSize: number,
  owner: boolean,
): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT p.wire AS json,
      (SELECT coalesce(json_agg(json_build_object('path', pi.path, 'uploaded_sha256', pi.uploaded_sha256,
                 'served_sha256', pi.served_sha256) ORDER BY pi.position), '[]'::json)
       FROM product_images pi WHERE pi.product_id = p.id)::text AS hashes,
      ${filtersJson("p")} AS filters
    FROM products p WHERE p.shop_id = ${shopId} ${STOCK[stock]} ${shownTo(owner)}
    ORDER BY p.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db);
  return rows;
}

/** The served file's hash of a picture stored before hashes were kept: read once, then kept. */
async function fillServedHash(db: Kysely<Database>, media: MediaStore, hash: Hash): Promise<void> {
  const image = parseImagePath(hash.path);
  const bytes = image && (await media.files.read("public", `${image.kind}/${image.name}.webp`));
  if (!bytes) return;
  hash.served_sha256 = sha256(bytes);
  await db
    .updateTable("product_images")
    .set({ served_sha256: hash.served_sha256 })
    .where("path", "=", hash.path)
    .execute();
}

export const shopProductPages: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, media, config }) => {
  const shops = new ShopRepository(db);

  app.get(
    `/${productCalls.byShopPaged.path}`,
    { schema: routeSchema(productCalls.byShopPaged, "products") },
    async (request, reply) => {
      const { shopId } = request.params;
      const { stock_type: stock = "all", page_size: pageSize } = request.query;
      const page = parsePage(request.query.page);
      if (page === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const owner = await isShopOwnerOrAdmin(db, request, shopId);
      const [count, rows] = await Promise.all([
        countOf(db, shopId, stock, owner),
        pageOf(db, shopId, stock, page, pageSize, owner),
      ]);
      if (count === 0 && !(await shops.exists(shopId)))
        return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      if (isPastEnd(page, count, pageSize))
        return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const results: string[] = [];
      for (const row of rows) {
        const hashes = (typeof row.hashes === "string" ? JSON.parse(row.hashes) : row.hashes) as Hash[];
        for (const hash of hashes) if (hash.served_sha256 === null) await fillServedHash(db, media, hash);
        const kept = hashes.map(({ uploaded_sha256, served_sha256 }) => ({ uploaded_sha256, served_sha256 }));
        results.push(
          withFilters(`${row.json.slice(0, -1)},"image_hashes":${JSON.stringify(kept)}}`, row.filters),
        );
      }
      const linkTo = pageLinks(request, config.publicUrl);
      const next = page < pageCount(count, pageSize) ? linkTo(page + 1) : null;
      const previous = page > 1 ? linkTo(page - 1) : null;
      // The owner's tools compare with it right after writing: never from a cache.
      reply.header("cache-control", PRIVATE_NO_STORE);
      return (reply as FastifyReply)
        .type("application/json; charset=utf-8")
        .send(
          `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[${results.join(",")}]}`,
        );
    },
  );
};
