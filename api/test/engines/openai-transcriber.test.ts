import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import fs from "node:fs";
import type { Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOpenAITranscriber, OPENAI_MAX_UPLOAD_BYTES, TranscriptionError } from "../../src/engines/transcription/index.js";
import { startOpenAITestServer, type OpenAITestServer } from "../support/openai-server.js";
import { canRun, ffmpeg } from "./tools.js";

let server: OpenAITestServer;
let dir: string;
/** Every TCP connection this process opens, to prove only the configured host is contacted. */
const connections: { host: string | undefined; port: number | undefined }[] = [];
const onSocket = ({ socket }: { socket: Socket }) => {
  socket.once("connect", () => connections.push({ host: socket.remoteAddress, port: socket.remotePort }));
};

beforeAll(async () => {
  server = await startOpenAITestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-openai-stt-"));
  diagnostics.subscribe("net.client.socket", onSocket as (message: unknown) => void);
});

afterAll(async () => {
  diagnostics.unsubscribe("net.client.socket", onSocket as (message: unknown) => void);
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  // A failure one test queued and never used must not reach the next one.
  server.clearFailures();
  server.requests.length = 0;
  server.transcriptions.length = 0;
  server.transcriptionText = (call) => `part ${call.n}`;
  connections.length = 0;
});

const transcriber = (extra: { timeoutMs?: number; maxUploadBytes?: number } = {}) =>
  createOpenAITranscriber({ apiKey: "sk-test", baseURL: server.baseURL, model: "whisper-1", workDir: dir, ...extra });

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("openai transcriber with the real SDK", () => {
  it("sends the recording's bytes intact, named for its container, and returns the text", async () => {
    const file = path.join(dir, "note-without-extension");
    fs.writeFileSync(file, randomBytes(3 * 1024 * 1024 + 17));

    const result = await transcriber().transcribe({ path: file, mimeType: "audio/webm;codecs=opus" });

    expect(result.text).toBe("part 1");
    expect(server.transcriptions).toHaveLength(1);
    const [call] = server.transcriptions;
    expect(call).toMatchObject({ model: "whisper-1", filename: "audio.webm", size: fs.statSync(file).size });
    expect(call?.sha256).toBe(sha256(file));
  });

  it("contacts only the configured base URL", async () => {
    // A server of its own, on a new port, so the client must open fresh connections (no pooled socket).
    const own = await startOpenAITestServer();
    try {
      const file = path.join(dir, "small.webm");
      fs.writeFileSync(file, randomBytes(4096));
      const stt = createOpenAITranscriber({ apiKey: "sk-test", baseURL: own.baseURL, model: "whisper-1", workDir: dir });

      await stt.transcribe({ path: file, mimeType: "audio/webm" });
      await stt.transcribe({ path: file, mimeType: "audio/webm" });

      expect(own.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        "POST /v1/audio/transcriptions",
        "POST /v1/audio/transcriptions",
      ]);
      expect(new Set(own.requests.map((r) => r.host))).toEqual(new Set([`127.0.0.1:${own.port}`]));
      expect(connections.length).toBeGreaterThan(0);
      for (const c of connections) expect(c).toEqual({ host: "127.0.0.1", port: own.port });
    } finally {
      await own.close();
    }
  });

  it("reports a 500 as a retryable TranscriptionError with a readable message", async () => {
    const file = path.join(dir, "a.webm");
    fs.writeFileSync(file, randomBytes(1000));
    server.failNext(1, "500");

    const error = await transcriber().transcribe({ path: file, mimeType: "audio/webm" }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TranscriptionError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/HTTP 500/);
    // No hidden SDK retries: the job runner owns retrying.
    expect(server.transcriptions).toHaveLength(1);
  });

  it("reports a time-out as retryable", async () => {
    const file = path.join(dir, "b.webm");
    fs.writeFileSync(file, randomBytes(1000));
    server.failNext(1, "hang");

    const error = await transcriber({ timeoutMs: 400 })
      .transcribe({ path: file, mimeType: "audio/webm" })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TranscriptionError);
    expect(error).toMatchObject({ retryable: true });
    expect((error as Error).message).toMatch(/did not answer within/);
    expect(server.transcriptions).toHaveLength(1);
  });

  it("stops when the job is cancelled, as a retryable error", async () => {
    const file = path.join(dir, "e.webm");
    fs.writeFileSync(file, randomBytes(1000));
    server.failNext(1, "hang");
    const controller = new AbortController();

    const started = Date.now();
    const pending = transcriber().transcribe({ path: file, mimeType: "audio/webm" }, controller.signal).catch((e: unknown) => e);
    // Cancelled while the server holds the request (a fixed delay could fire before it is sent).
    await expect.poll(() => server.transcriptions.length, { timeout: 10_000 }).toBe(1);
    const cancelledAt = Date.now();
    controller.abort();
    const error = await pending;

    expect(Date.now() - cancelledAt).toBeLessThan(5000);
    expect(cancelledAt - started).toBeGreaterThanOrEqual(0);
    expect(error).toMatchObject({ name: "TranscriptionError", retryable: true });
    expect((error as Error).message).toMatch(/cancelled/);
  });

  it("reports a refused recording and a rejected key as not retryable", async () => {
    const file = path.join(dir, "c.webm");
    fs.writeFileSync(file, randomBytes(1000));
    server.failNext(1, "400");
    server.failNext(1, "401");

    const refused = await transcriber().transcribe({ path: file, mimeType: "audio/webm" }).catch((e: unknown) => e);
    const badKey = await transcriber().transcribe({ path: file, mimeType: "audio/webm" }).catch((e: unknown) => e);

    expect(refused).toMatchObject({ name: "TranscriptionError", retryable: false });
    expect((refused as Error).message).toMatch(/HTTP 400\): Invalid file format/);
    expect(badKey).toMatchObject({ name: "TranscriptionError", retryable: false });
    expect((badKey as Error).message).toMatch(/OPENAI_API_KEY/);
  });

  it("reports an unreachable server as retryable", async () => {
    const file = path.join(dir, "d.webm");
    fs.writeFileSync(file, randomBytes(1000));
    const closed = await startOpenAITestServer();
    await closed.close();
    const stt = createOpenAITranscriber({ apiKey: "sk-test", baseURL: closed.baseURL, model: "whisper-1", workDir: dir });

    const error = await stt.transcribe({ path: file, mimeType: "audio/webm" }).catch((e: unknown) => e);

    expect(error).toMatchObject({ name: "TranscriptionError", retryable: true });
    expect((error as Error).message).toMatch(/Could not reach/);
  });

  it("leaves no ffmpeg running after a failed transcription", async () => {
    const file = path.join(dir, "f.webm");
    fs.writeFileSync(file, randomBytes(1000));
    // An ffmpeg that is slow to measure the length (as on a long recording) and records its pid.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "vj-fake-ffmpeg-"));
    const pids = path.join(bin, "pids");
    fs.writeFileSync(path.join(bin, "ffmpeg"), `#!/bin/sh\necho $$ >> "${pids}"\nexec sleep 30\n`, { mode: 0o755 });
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ""}`;
    server.failNext(1, "400");
    try {
      const error = await transcriber().transcribe({ path: file, mimeType: "audio/webm" }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: "TranscriptionError", retryable: false });
      await new Promise((r) => setTimeout(r, 300));
      const started = fs.readFileSync(pids, "utf8").trim().split("\n").map(Number);
      expect(started.length).toBeGreaterThan(0);
      const alive = started.filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      for (const pid of alive) process.kill(pid, "SIGKILL");
      expect(alive).toEqual([]);
    } finally {
      process.env.PATH = savedPath;
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});

/**
 * The recording's pitch rises by 100 Hz every 10 s, so the server can tell
 * from a part's first samples where in the recording it starts: the joined
 * text proves the parts were sent and joined in time order.
 */
function startFrequency(wav: Buffer): number {
  const data = wav.indexOf("data") + 8;
  const channels = wav.readUInt16LE(22);
  const rate = wav.readUInt32LE(24);
  const frames = Math.floor(rate / 2);
  let crossings = 0;
  let previous = wav.readInt16LE(data);
  for (let i = 1; i < frames; i++) {
    const sample = wav.readInt16LE(data + i * 2 * channels);
    if ((previous < 0 && sample >= 0) || (previous >= 0 && sample < 0)) crossings++;
    previous = sample;
  }
  return Math.round(crossings / 2 / 0.5 / 100) * 100;
}

describe.skipIf(!canRun("ffmpeg"))("recordings over 25 MB", () => {
  it("are split into parts under 25 MB, transcribed in order and joined with a space", async () => {
    const file = path.join(dir, "long.wav");
    // 48 kHz stereo 16-bit PCM is 192 kB/s: 170 s is ~32.6 MB.
    ffmpeg("-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*(200+100*floor(t/10))*t):s=48000:d=170", "-ac", "2", "-c:a", "pcm_s16le", file);
    const size = fs.statSync(file).size;
    expect(size).toBeGreaterThan(30 * 1000 * 1000);
    server.transcriptionText = (call) => `from ${startFrequency(call.bytes)} Hz`;

    const result = await transcriber().transcribe({ path: file, mimeType: "audio/wav" });

    const calls = server.transcriptions;
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(call.size).toBeLessThan(OPENAI_MAX_UPLOAD_BYTES);
      expect(call.filename).toBe("audio.wav");
    }
    // Nothing lost: the parts together hold the whole recording (each part adds a small header).
    const total = calls.reduce((s, c) => s + c.size, 0);
    expect(total).toBeGreaterThanOrEqual(size - 1000);
    expect(total).toBeLessThan(size + calls.length * 1000);
    const starts = calls.map((c) => startFrequency(c.bytes));
    expect(starts[0]).toBe(200);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(new Set(starts).size).toBe(starts.length);
    expect(result.text).toBe(starts.map((f) => `from ${f} Hz`).join(" "));
    // Split parts are temporary.
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("vj-transcribe-"))).toEqual([]);
  }, 120_000);

  it("reports the decoded length of a recording without a duration header", async () => {
    const file = path.join(dir, "streamed.webm");
    const webm = execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=300:duration=5.6", "-c:a", "libopus", "-f", "webm", "-"]);
    fs.writeFileSync(file, webm);

    const result = await transcriber().transcribe({ path: file, mimeType: "audio/webm;codecs=opus" });

    expect(result).toEqual({ text: "part 1", durationSeconds: 6 });
  });

  it("re-encodes to Opus parts when the container cannot be copied", async () => {
    const file = path.join(dir, "unknown-container");
    ffmpeg("-f", "lavfi", "-i", "sine=frequency=300:sample_rate=48000:duration=40", "-ac", "2", "-c:a", "pcm_s16le", "-f", "wav", file);
    const limit = 1024 * 1024;
    expect(fs.statSync(file).size).toBeGreaterThan(5 * limit);

    const result = await transcriber({ maxUploadBytes: limit }).transcribe({ path: file, mimeType: "application/octet-stream" });

    // 40 s of 32 kbit/s Opus is ~160 kB: one part, far below the limit.
    expect(server.transcriptions.map((c) => [c.filename, c.mimeType])).toEqual([["audio.ogg", "audio/ogg"]]);
    expect(server.transcriptions[0]!.size).toBeLessThan(limit);
    expect(result.text).toBe("part 1");
  });
});
