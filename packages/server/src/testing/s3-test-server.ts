import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

// A real S3-compatible server for tests (s3rver, on a free port, its files in a temporary
// directory): the S3 media store is tested against the protocol, not a mock of the SDK.

export interface TestS3 {
  endpoint: string;
  /** The S3_* variables that point a server at it (public bucket, private bucket, prefix). */
  env: Record<string, string>;
  /** Keys stored in `bucket` under `prefix`. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export const TEST_S3_BUCKET = "katale-media";
export const TEST_S3_PRIVATE_BUCKET = "katale-private";
/** s3rver's own keys. */
const ACCESS_KEY = "S3RVER";

export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "katale-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [
      { name: TEST_S3_BUCKET, configs: [] },
      { name: TEST_S3_PRIVATE_BUCKET, configs: [] },
    ],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_S3_BUCKET,
      S3_PRIVATE_BUCKET: TEST_S3_PRIVATE_BUCKET,
      S3_PREFIX: "site-a/",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async keys(bucket, prefix = "") {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
