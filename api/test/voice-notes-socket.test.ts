import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "./factories.js";
import { dbKinds, startTestServer } from "./harness.js";
import { audioDir, filesUnder, webmBytes } from "./support/audio.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const LIMIT = 100_000;

/** A multipart body split in three: fields and the file part's head, the file bytes, the closing boundary. */
function multipart(fileBytes: number) {
  const boundary = `----vj${crypto.randomBytes(6).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="duration"\r\n\r\n60\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
  );
  const file = Buffer.concat([webmBytes().subarray(0, 64), crypto.randomBytes(fileBytes - 64)]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, file, tail, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Streams `chunks` as a chunked body (no Content-Length), pausing between chunks. */
function slowStream(chunks: Buffer[], pauseMs = 5): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(controller) {
      if (i >= chunks.length) return controller.close();
      await new Promise((r) => setTimeout(r, pauseMs));
      controller.enqueue(chunks[i++]!);
    },
  });
}

const split = (b: Buffer, size: number) => Array.from({ length: Math.ceil(b.length / size) }, (_, i) => b.subarray(i * size, (i + 1) * size));

describe.each(dbKinds)("voice note uploads over a real socket on %s", (kind) => {
  let server: Server;
  let user: TestUser;
  const leftovers = () => filesUnder(audioDir(server.deps.config.DATA_DIR));
  const rows = () => server.deps.database.db.selectFrom("voice_notes").select("id").execute();

  beforeAll(async () => {
    server = await startTestServer(kind, { MAX_AUDIO_BYTES: String(LIMIT) });
    user = await createUser(server.deps);
    const res = await fetch(`${server.url}/api/domains`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Socket", isDefault: true }),
    });
    expect(res.status).toBe(201);
  });
  afterAll(() => server.close());

  test("a declared length far over the limit answers 413 before the body is read", async () => {
    const mp = multipart(3 * 1024 * 1024);
    const res = await fetch(`${server.url}/api/voice-notes`, {
      method: "POST",
      headers: { ...user.headers, "content-type": mp.contentType },
      body: Buffer.concat([mp.head, mp.file, mp.tail]),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(leftovers()).toEqual([]);
    // The next request on a fresh connection works.
    const list = await fetch(`${server.url}/api/domains`, { headers: user.headers });
    expect(list.status).toBe(200);
  });

  test("a streamed (chunked) body over the limit answers 413 and leaves no file", async () => {
    const mp = multipart(LIMIT * 3);
    const res = await fetch(`${server.url}/api/voice-notes`, {
      method: "POST",
      headers: { ...user.headers, "content-type": mp.contentType },
      body: slowStream([mp.head, ...split(mp.file, 16 * 1024), mp.tail], 0),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(leftovers()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  test("a streamed body under the limit is stored byte for byte", async () => {
    const mp = multipart(LIMIT - 1000);
    const res = await fetch(`${server.url}/api/voice-notes`, {
      method: "POST",
      headers: { ...user.headers, "content-type": mp.contentType },
      body: slowStream([mp.head, ...split(mp.file, 7000), mp.tail], 1),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(201);
    const note = (await res.json()) as { id: string; audioBytes: number };
    expect(note.audioBytes).toBe(mp.file.length);
    const audio = await fetch(`${server.url}/api/voice-notes/${note.id}/audio`, { headers: user.headers });
    expect(Buffer.from(await audio.arrayBuffer()).equals(mp.file)).toBe(true);
    await fetch(`${server.url}/api/voice-notes/${note.id}`, { method: "DELETE", headers: user.headers });
  });

  test("a client that disconnects mid-upload leaves no file and no note", async () => {
    const mp = multipart(LIMIT - 1000);
    const abort = new AbortController();
    let sent = 0;
    const chunks = [mp.head, ...split(mp.file, 4000)];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 5));
        if (sent === 8) {
          abort.abort();
          return;
        }
        controller.enqueue(chunks[sent++]!);
      },
    });
    await expect(
      fetch(`${server.url}/api/voice-notes`, {
        method: "POST",
        headers: { ...user.headers, "content-type": mp.contentType },
        body,
        duplex: "half",
        signal: abort.signal,
      } as RequestInit),
    ).rejects.toThrow();
    // The server notices the closed socket asynchronously.
    const deadline = Date.now() + 5000;
    while (leftovers().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(leftovers()).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});
