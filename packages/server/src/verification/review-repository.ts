import type {
  VerificationDocumentName,
  VerificationRequestKind,
  VerificationRequestStatus,
  VerificationRequestWire,
} from "@katale/adapters-http/contract";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.js";

// Users' and shops' verification requests as one list for the admins' review (issue 10). The two
// tables share one id sequence (migration 0003), so an id names one request whatever its kind.

type Db = Kysely<Database>;

export interface ReviewFilter {
  kind: VerificationRequestKind | "all";
  status: VerificationRequestStatus | "all";
  search?: string;
  limit: number;
  offset: number;
}

interface Row {
  id: number;
  kind: VerificationRequestKind;
  status: VerificationRequestStatus;
  reason: string | null;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  applicant_id: number;
  shop_id: number | null;
  shop_name: string | null;
  email: string | null;
  phone: string | null;
  nin: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  national_id_image: string | null;
  user_image: string | null;
  shop_image: string | null;
  user_name: string;
  user_email: string;
  user_phone: string;
  total: string | number;
}

/** Both kinds of request in one shape, with the applicant (the user, or the shop's requester). */
const REQUESTS = sql`
  SELECT q.*, u.name AS user_name, u.email AS user_email, u.phone AS user_phone
  FROM (
    SELECT r.id, 'user'::text AS kind, r.status, r.reason, r.created_at, r.reviewed_at,
           r.user_id AS applicant_id, NULL::integer AS shop_id, NULL::text AS shop_name,
           r.email, r.phone, r.nin, r.location_latitude, r.location_longitude,
           r.national_id_image, r.user_image, NULL::text AS shop_image
    FROM user_verification_requests r
    UNION ALL
    SELECT r.id, 'shop'::text, r.status, r.reason, r.created_at, r.reviewed_at,
           r.requested_by, s.id, s.name,
           r.contact, s.phone, NULL::text, r.location_latitude, r.location_longitude,
           NULL::text, NULL::text, r.shop_image
    FROM shop_verification_requests r JOIN shops s ON s.id = r.shop_id
  ) q
  JOIN users u ON u.id = q.applicant_id`;

/** Where an admin reads a document: the shop service, never under /media/. */
export function documentUrl(id: number, name: VerificationDocumentName): string {
  return `/api/shop/verification/requests/${id}/documents/${name}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toWire(row: Row): VerificationRequestWire {
  const documents = (["national_id_image", "user_image", "shop_image"] as const)
    .filter((name) => row[name] !== null)
    .map((name) => ({ name, url: documentUrl(row.id, name) }));
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    submitted_at: iso(row.created_at),
    decided_at: row.reviewed_at === null ? null : iso(row.reviewed_at),
    user: { id: row.applicant_id, name: row.user_name, email: row.user_email, phone: row.user_phone },
    shop: row.shop_id === null ? null : { id: row.shop_id, name: row.shop_name ?? "" },
    email: row.email,
    phone: row.phone,
    nin: row.nin,
    location_latitude: row.location_latitude === null ? null : Number(row.location_latitude),
    location_longitude: row.location_longitude === null ? null : Number(row.location_longitude),
    documents,
  };
}

/** `%text%` for ILIKE, the pattern characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class ReviewRepository {
  constructor(private readonly db: Db) {}

  /** A page of requests, newest first, and how many match in all. */
  async list(filter: ReviewFilter): Promise<{ count: number; results: VerificationRequestWire[] }> {
    const conditions: RawBuilder<unknown>[] = [];
    if (filter.kind !== "all") conditions.push(sql`kind = ${filter.kind}`);
    if (filter.status !== "all") conditions.push(sql`status = ${filter.status}`);
    const search = filter.search?.trim();
    if (search) {
      const p = containing(search);
      conditions.push(sql`(user_name ILIKE ${p} OR user_email ILIKE ${p} OR user_phone ILIKE ${p}
        OR email ILIKE ${p} OR phone ILIKE ${p} OR nin ILIKE ${p} OR shop_name ILIKE ${p})`);
    }
    const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    const result = await sql<Row>`
      SELECT *, count(*) OVER () AS total FROM (${REQUESTS}) requests_and_applicants
      ${where}
      ORDER BY created_at DESC, id DESC
      LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(this.db);
    return { count: Number(result.rows[0]?.total ?? 0), results: result.rows.map(toWire) };
  }

  async byId(id: number): Promise<VerificationRequestWire | null> {
    const result = await sql<Row>`SELECT *, 0 AS total FROM (${REQUESTS}) r WHERE id = ${id}`.execute(
      this.db,
    );
    const row = result.rows[0];
    return row ? toWire(row) : null;
  }

  /** The private file key of a request's document, or null. */
  async documentKey(id: number, name: VerificationDocumentName): Promise<string | null> {
    const result = await sql<Row>`SELECT *, 0 AS total FROM (${REQUESTS}) r WHERE id = ${id}`.execute(
      this.db,
    );
    return result.rows[0]?.[name] ?? null;
  }
}
