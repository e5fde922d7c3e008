import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, test } from "vitest";
import type { VoiceNote } from "@vj/core";
import { ApiError } from "../src/lib/api-client";
import { isChangeStreamLive, nextChange, startChangeStream, type ChangeEvent } from "../src/lib/change-stream";
import { applyChange } from "../src/shell/live-updates";
import { noteKeys, noteQueries } from "../src/features/notes/queries";
import { summaryKeys } from "../src/features/summaries/queries";
import { TRANSCRIPTION_POLL_INTERVAL_MS } from "@vj/core";

/** A server side of one stream: the test writes events and ends it. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  return {
    response: new Response(body, { headers: { "content-type": "text/event-stream" } }),
    send: (event: string, data = "{}") => controller.enqueue(enc.encode(`event: ${event}\ndata: ${data}\n\n`)),
    comment: () => controller.enqueue(enc.encode(": ping\n\n")),
    end: () => controller.close(),
  };
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 2000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await tick(5);
  return check();
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe("the page's events stream", () => {
  test("hands on each change, is live while open, reconnects after the server ends it and says it reconnected", async () => {
    const streams: ReturnType<typeof serverStream>[] = [];
    const seen: ChangeEvent[] = [];
    const stream = startChangeStream({
      open: async () => {
        const s = serverStream();
        streams.push(s);
        return s.response;
      },
      onEvent: (e) => seen.push(e),
      isOnline: () => true,
      delaysMs: [10, 10],
    });
    stop = stream.stop;
    await until(() => streams.length === 1);
    expect(isChangeStreamLive()).toBe(false);
    streams[0]!.send("ready");
    streams[0]!.comment();
    streams[0]!.send("note", '{"id":"n1"}');
    streams[0]!.send("summary", '{"id":"s1"}');
    await until(() => seen.length === 3);
    expect(isChangeStreamLive()).toBe(true);
    expect(seen).toEqual([{ kind: "ready", reconnected: false }, { kind: "note", id: "n1" }, { kind: "summary", id: "s1" }]);

    streams[0]!.end(); // the token expired
    await until(() => !isChangeStreamLive());
    expect(isChangeStreamLive()).toBe(false);
    await until(() => streams.length === 2);
    streams[1]!.send("ready");
    streams[1]!.send("resync");
    await until(() => seen.length === 5);
    expect(seen.slice(3)).toEqual([{ kind: "ready", reconnected: true }, { kind: "resync" }]);
  });

  test("a refused or failed open is tried again; offline it waits for reconnect() instead of asking", async () => {
    let online = false;
    let opens = 0;
    const s = serverStream();
    const stream = startChangeStream({
      open: async () => {
        opens++;
        if (opens === 1) throw new ApiError(503, "down", "engine_unavailable");
        return s.response;
      },
      onEvent: () => undefined,
      isOnline: () => online,
      delaysMs: [10, 60_000],
    });
    stop = stream.stop;
    await tick(100);
    expect(opens).toBe(0);
    online = true;
    stream.reconnect(); // the browser's online event
    await until(() => opens === 2, 1000);
    expect(opens).toBe(2);
    s.send("ready");
    expect(await until(() => isChangeStreamLive())).toBe(true);
  });

  test("stop() closes the stream: nothing more is handed on and it is no longer live", async () => {
    const s = serverStream();
    const seen: ChangeEvent[] = [];
    let signal: AbortSignal | undefined;
    const stream = startChangeStream({
      open: async (sig) => {
        signal = sig;
        return s.response;
      },
      onEvent: (e) => seen.push(e),
      isOnline: () => true,
      delaysMs: [10],
    });
    await until(() => signal !== undefined);
    s.send("ready");
    await until(() => seen.length === 1);
    stream.stop();
    expect(signal!.aborted).toBe(true);
    await until(() => !isChangeStreamLive());
    expect(isChangeStreamLive()).toBe(false);
  });

  test("nextChange resolves on a change of its kind, long before its time-out", async () => {
    const s = serverStream();
    stop = startChangeStream({ open: async () => s.response, onEvent: () => undefined, isOnline: () => true, delaysMs: [10] }).stop;
    s.send("ready");
    const started = Date.now();
    const waiting = nextChange("summary", 60_000);
    s.send("note", '{"id":"n"}');
    s.send("summary", '{"id":"s"}');
    await waiting;
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe("what a change does to the cached lists", () => {
  const note = (over: Partial<VoiceNote>) => ({ id: "n", isTranscribing: false, isError: false, ...over }) as VoiceNote;
  const scope = { domainId: "d", period: "day" as const, periodKey: "2026-11-25" };

  function client() {
    const qc = new QueryClient();
    qc.setQueryData(noteKeys.list(scope), { pages: [{ notes: [note({ id: "a", isTranscribing: true })], nextCursor: null }], pageParams: [null] });
    qc.setQueryData(noteKeys.list({ ...scope, periodKey: "2026-11-24" }), { pages: [{ notes: [note({ id: "b" })], nextCursor: null }], pageParams: [null] });
    qc.setQueryData(summaryKeys.list(scope), [{ id: "s", status: "ready" }]);
    return qc;
  }
  const stale = (qc: QueryClient) =>
    qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey.join("/"))
      .sort();

  test("a note's change marks every note list to be read again, and no summary list", () => {
    const qc = client();
    applyChange(qc, { kind: "note", id: "a" });
    expect(stale(qc)).toEqual(["voice-notes/d/day/2026-11-24", "voice-notes/d/day/2026-11-25"]);
  });

  test("a summary's change marks the summary lists only", () => {
    const qc = client();
    applyChange(qc, { kind: "summary", id: "s" });
    expect(stale(qc)).toEqual(["summaries/d/day/2026-11-25"]);
  });

  test("a stream that opens (the first or after a drop) or asks for a resync re-reads every list: it may have missed something", () => {
    for (const event of [{ kind: "ready", reconnected: false }, { kind: "ready", reconnected: true }, { kind: "resync" }] as const) {
      const qc = client();
      applyChange(qc, event);
      expect(stale(qc)).toHaveLength(3);
    }
  });

  test("a list with a note transcribing polls every 5 s without the stream and slowly with it", async () => {
    const options = noteQueries.list(scope);
    const qc = client();
    const query = qc.getQueryCache().find({ queryKey: noteKeys.list(scope) })!;
    const interval = options.refetchInterval as unknown as (q: typeof query) => number | false;
    expect(interval(query)).toBe(TRANSCRIPTION_POLL_INTERVAL_MS);
    const s = serverStream();
    stop = startChangeStream({ open: async () => s.response, onEvent: () => undefined, isOnline: () => true, delaysMs: [10] }).stop;
    s.send("ready");
    await until(() => isChangeStreamLive());
    expect(interval(query)).toBeGreaterThan(TRANSCRIPTION_POLL_INTERVAL_MS);
  });
});
