import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type _Object,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertBlobKey, isBlobKey, SWEEP_BATCH, type BlobStore, type TempBlob } from "./blob-store.js";

export interface S3Settings {
  /** Unset for AWS itself; the server's URL for MinIO, R2, B2, s3rver, … */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (environment, instance role, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean;
}

const TEMP_PREFIX = ".tmp/";
/** S3's smallest multipart part. With one part in flight an upload holds about two parts in memory, whatever its size. */
const PART_BYTES = 5 * 1024 * 1024;

export function createS3Client(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    // Since 2025 the SDK adds CRC checksums (aws-chunked trailers) to every upload; many
    // S3-compatible servers reject or mis-store those. Checksums only where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

const status = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (err: unknown) =>
  status(err) === 404 || ["NoSuchKey", "NotFound", "NoSuchBucket"].includes((err as { name?: string }).name ?? "");

/**
 * Blobs as objects in an S3-compatible bucket. An upload streams to `.tmp/{uuid}` (multipart,
 * one part in memory at a time) and `commit` copies it under its key on the server, then drops
 * the temporary: as with the file store, nothing sits under a key until the upload is whole.
 * A crash mid-upload leaves an unfinished multipart upload, which is not an object (a bucket
 * lifecycle rule reclaims its parts, infra/README.md); a finished temporary that was never
 * committed, or an object whose row never came, is removed by `sweep`.
 */
export function createS3BlobStore(settings: S3Settings, opts: { client?: S3Client } = {}): BlobStore {
  const client = opts.client ?? createS3Client(settings);
  const Bucket = settings.bucket;

  async function* list(prefix: string): AsyncGenerator<_Object[]> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      if (page.Contents?.length) yield page.Contents;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function deleteMany(keys: string[]): Promise<void> {
    // DeleteObjects takes at most 1000 keys; list pages hold at most 1000.
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const res = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      if (res.Errors?.length) throw new Error(`S3 refused to delete ${res.Errors.length} object(s): ${res.Errors[0]!.Code} ${res.Errors[0]!.Message}`);
    }
  }

  const deleteObject = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  async function open(key: string, range?: { start: number; end: number }) {
    try {
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: assertBlobKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      // A ranged answer names the whole object's size after the slash.
      const total = res.ContentRange ? Number(res.ContentRange.split("/")[1]) : Number(res.ContentLength);
      return { stream: res.Body as Readable, size: total };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        if (!isMissing(err)) throw err;
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    },

    async sweep(before, claimed) {
      const result = { temporaries: 0, orphans: 0 };
      const stale = (o: _Object) => Boolean(o.Key && o.LastModified && o.LastModified.getTime() < before.getTime());
      for await (const page of list(TEMP_PREFIX)) {
        const old = page.filter(stale).map((o) => o.Key!);
        if (old.length) await deleteMany(old);
        result.temporaries += old.length;
      }
      for await (const page of list("")) {
        const candidates = page.filter((o) => stale(o) && !o.Key!.startsWith(TEMP_PREFIX) && isBlobKey(o.Key!)).map((o) => o.Key!);
        for (let i = 0; i < candidates.length; i += SWEEP_BATCH) {
          const batch = candidates.slice(i, i + SWEEP_BATCH);
          const kept = await claimed(batch);
          const orphans = batch.filter((key) => !kept.has(key));
          if (orphans.length) await deleteMany(orphans);
          result.orphans += orphans.length;
        }
      }
      return result;
    },

    createTemp(): TempBlob {
      const tempKey = `${TEMP_PREFIX}${crypto.randomUUID()}`;
      const stream = new PassThrough();
      const upload = new Upload({ client, params: { Bucket, Key: tempKey, Body: stream }, partSize: PART_BYTES, queueSize: 1 });
      const done = upload.done().then(() => undefined);
      // Storage failing mid-upload must reach the writer as a stream error, or it would stall on backpressure.
      done.catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
      let gone = false;
      return {
        stream,
        finished: () => done,
        async commit(key) {
          await done;
          await client.send(new CopyObjectCommand({ Bucket, Key: assertBlobKey(key), CopySource: `${Bucket}/${tempKey}` }));
          gone = true;
          await deleteObject(tempKey).catch(() => undefined); // a leftover temporary is swept at a later start
        },
        async discard() {
          if (gone) return;
          gone = true;
          // An errored body makes the upload stop reading and abort its multipart upload; an upload
          // that had already been sent whole completes, and its object is removed here.
          if (!stream.writableFinished) stream.destroy(new Error("upload discarded"));
          const completed = await done.then(() => true, () => false);
          if (completed) await deleteObject(tempKey);
        },
      };
    },

    open,

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertBlobKey(key) }));
        return Number(head.ContentLength);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await deleteObject(assertBlobKey(key));
    },

    async deletePrefix(prefix) {
      // The slash keeps user "ab" from reaching user "abc"'s objects.
      for await (const page of list(`${assertBlobKey(prefix)}/`)) await deleteMany(page.map((o) => o.Key!));
    },

    async withLocalFile(key, use) {
      const blob = await open(key);
      if (!blob) return null;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "vj-s3-"));
      try {
        // The key's name keeps its extension: engines name the format by it.
        const file = path.join(dir, path.basename(key));
        await pipeline(blob.stream, fs.createWriteStream(file));
        return await use(file);
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
  };
}
