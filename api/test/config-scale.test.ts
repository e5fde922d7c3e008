import { describe, expect, test } from "vitest";
import { loadConfig } from "../src/config.js";
import { describeBlobStore, s3Settings } from "../src/storage/index.js";

// The scale settings (S3_*, ROLE) refuse combinations that would fail later, at the first upload
// or when a second process starts, and name the variable to fix.

const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: "/tmp/vj-config", ...env });

describe("S3_* and ROLE", () => {
  test("without S3_BUCKET audio stays in files; with it, in the bucket, with the given settings", () => {
    expect(s3Settings(load({})())).toBeNull();
    expect(describeBlobStore(load({})())).toBe("files (DATA_DIR/audio)");
    const config = load({ S3_BUCKET: "notes", S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: "KEYID", S3_SECRET_ACCESS_KEY: "TOPSECRET" })();
    expect(s3Settings(config)).toEqual({
      endpoint: "http://minio:9000",
      region: "us-east-1",
      bucket: "notes",
      accessKeyId: "KEYID",
      secretAccessKey: "TOPSECRET",
      forcePathStyle: true,
    });
    expect(describeBlobStore(config)).toBe("s3 (bucket notes at http://minio:9000)");
    // What the start-up log and /api/health show never carries credentials.
    expect(describeBlobStore(config)).not.toMatch(/KEYID|TOPSECRET/);
  });

  test.each([
    [{ S3_ENDPOINT: "http://minio:9000" }, /S3_BUCKET: required/],
    [{ S3_BUCKET: "notes", S3_ACCESS_KEY_ID: "k" }, /set both or neither/],
    [{ S3_BUCKET: "notes", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE/],
    [{ ROLE: "worker" }, /ROLE: "worker" .* needs DATABASE_URL/],
    [{ ROLE: "api" }, /ROLE: "api" .* needs DATABASE_URL/],
    [{ ROLE: "web", DATABASE_URL: "postgres://x/y" }, /ROLE/],
  ])("%o is refused at start", (env, message) => {
    expect(load(env)).toThrow(message);
  });

  test("ROLE defaults to all; api and worker run on PostgreSQL", () => {
    expect(load({})().ROLE).toBe("all");
    expect(load({ ROLE: "worker", DATABASE_URL: "postgres://db/vj" })().ROLE).toBe("worker");
  });
});
