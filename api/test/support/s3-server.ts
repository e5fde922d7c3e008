import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createS3Client, type S3Settings } from "../../src/storage/s3-blob-store.js";

export interface S3TestServer {
  endpoint: string;
  /** A new, empty bucket: its settings and the S3_* environment that selects it. */
  bucket(): Promise<{ settings: S3Settings; env: Record<string, string>; client: S3Client; keys(): Promise<string[]> }>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A real S3-protocol server on a loopback port (s3rver keeps objects in a temporary folder), so
 * the S3 blob store is tested through the AWS SDK over HTTP exactly as against a cloud bucket.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "vj-s3rver-"));
  // s3rver checks signatures against its one built-in account.
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    async bucket() {
      const name = `vj-test-${process.pid}-${counter++}`;
      const settings: S3Settings = {
        endpoint,
        region: "us-east-1",
        bucket: name,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      };
      const client = createS3Client(settings);
      await client.send(new CreateBucketCommand({ Bucket: name }));
      const env = {
        S3_ENDPOINT: endpoint,
        S3_REGION: settings.region,
        S3_BUCKET: name,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      };
      const keys = async () => {
        const found: string[] = [];
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: name, ContinuationToken }));
          found.push(...(page.Contents ?? []).map((o) => o.Key!));
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return found.sort();
      };
      return { settings, env, client, keys };
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
