import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config.js";
import { IMMUTABLE_CACHE } from "../http/cache-control.js";
import { assertKey, type MediaArea, type ObjectStore } from "./object-store.js";

// Media in any S3-compatible store (AWS S3, MinIO, Ceph, R2, Garage…) through the AWS SDK, so that
// several instances see the same files (issue 13). Public images are `${prefix}media/<key>` in the
// bucket, verification documents `${prefix}private/<key>` in S3_PRIVATE_BUCKET (else the same bucket).
// Nothing is written with a public ACL: the bucket may stay private, as the server itself answers
// /media/ from the store, and documents are read only through the admins' routes.

const CONNECT_TIMEOUT_MS = 5000;
const REQUEST_TIMEOUT_MS = 30_000;

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

export function createS3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}),
    },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer defaults.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const where = (area: MediaArea, key: string) => {
    assertKey(key);
    return area === "public"
      ? { Bucket: settings.bucket, Key: `${settings.prefix}media/${key}` }
      : { Bucket: settings.privateBucket, Key: `${settings.prefix}private/${key}` };
  };
  const at = settings.endpoint ? ` at ${new URL(settings.endpoint).host}` : "";

  const store: ObjectStore = {
    description: `S3 bucket ${settings.bucket}${at}`,
    async put(area, key, bytes) {
      await client.send(
        new PutObjectCommand({
          ...where(area, key),
          Body: bytes,
          ContentType: "image/webp",
          // Names never change content; a document is nobody's to cache.
          CacheControl: area === "public" ? IMMUTABLE_CACHE : "private, no-store",
        }),
      );
    },
    async open(area, key) {
      try {
        const object = await client.send(new GetObjectCommand(where(area, key)));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async read(area, key) {
      try {
        const object = await client.send(new GetObjectCommand(where(area, key)));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async exists(area, key) {
      try {
        await client.send(new HeadObjectCommand(where(area, key)));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async remove(area, key) {
      // S3 answers a delete the same whether the object was there: ask first.
      if (!(await store.exists(area, key))) return false;
      await client.send(new DeleteObjectCommand(where(area, key)));
      return true;
    },
    async check() {
      for (const bucket of new Set([settings.bucket, settings.privateBucket])) {
        try {
          await client.send(new HeadBucketCommand({ Bucket: bucket }));
        } catch (error) {
          const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          const reason =
            status === 404
              ? "there is no such bucket"
              : status === 403 || status === 401
                ? "the credentials are refused"
                : (error as Error).message || (error as Error).name;
          throw new Error(`S3 bucket ${bucket}${at} cannot be used: ${reason}`);
        }
      }
    },
  };
  return store;
}
