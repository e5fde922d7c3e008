import http from "node:http";
import type { AddressInfo } from "node:net";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { openOutboxDb, type OutboxDb } from "../../src/features/outbox/outbox-db";
import type { NewPendingUpload } from "../../src/features/outbox/outbox-store";

/** A fresh, private IndexedDB per test; `second()` opens the same database again, as another tab or the worker would. */
export function freshOutbox(): { db: OutboxDb; second: () => OutboxDb; close: () => void } {
  const factory = new IDBFactory();
  const opened: OutboxDb[] = [];
  const open = () => {
    const db = openOutboxDb({ indexedDB: factory, IDBKeyRange });
    opened.push(db);
    return db;
  };
  return { db: open(), second: open, close: () => opened.forEach((db) => db.close()) };
}

export const MB = 1024 * 1024;

/** The signed-in person of most tests, and a second person on the same browser. */
export const OWNER = "11111111-aaaa-4aaa-8aaa-111111111111";
export const OTHER = "22222222-bbbb-4bbb-8bbb-222222222222";

/** A recording of `bytes` bytes whose content identifies it (so a mix-up would show). */
export function recording(n: number, bytes = 1000, overrides: Partial<NewPendingUpload> = {}): NewPendingUpload {
  const data = new Uint8Array(bytes).fill(n % 256);
  return {
    id: `rec-${1_700_000_000_000 + n * 1000}-test${n}`,
    ownerId: OWNER,
    audio: new Blob([data], { type: "audio/webm;codecs=opus" }),
    title: `Note ${n}`,
    duration: 3 + n,
    createdAt: new Date(Date.UTC(2026, 10, 22, 8, n)).toISOString(),
    domainId: "11111111-1111-4111-8111-111111111111",
    recordedAt: 1_700_000_000_000 + n * 1000,
    timeZone: "Europe/Berlin",
    ...overrides,
  };
}

export type ReceivedUpload = {
  fields: Record<string, string>;
  fileName: string;
  fileType: string;
  bytes: Uint8Array;
  authorization: string | undefined;
};

type Reply = { status: number; body?: unknown };

/**
 * A real HTTP server standing in for POST /api/voice-notes: it parses the multipart body, counts
 * requests, tracks how many are in flight at once, and answers what the test's `reply` says.
 */
export async function startUploadServer(reply: (upload: ReceivedUpload, n: number) => Reply | Promise<Reply> = () => ({ status: 201 })) {
  const received: ReceivedUpload[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const inFlightIds = new Set<string>();
  let overlappingSameId = 0;
  const server = http.createServer(async (req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = new Request("http://local/api/voice-notes", {
        method: "POST",
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      const form = await request.formData();
      const fields: Record<string, string> = {};
      let file: File | undefined;
      for (const [name, value] of form.entries()) {
        if (typeof value === "string") fields[name] = value;
        else if (name === "audio") file = value;
      }
      const upload: ReceivedUpload = {
        fields,
        fileName: file?.name ?? "",
        fileType: file?.type ?? "",
        bytes: new Uint8Array(file ? await file.arrayBuffer() : new ArrayBuffer(0)),
        authorization: req.headers.authorization,
      };
      const clientId = fields.clientId ?? "";
      if (inFlightIds.has(clientId)) overlappingSameId++;
      inFlightIds.add(clientId);
      received.push(upload);
      // Long enough that two unguarded senders would overlap.
      await new Promise((r) => setTimeout(r, 30));
      const answer = await reply(upload, received.length);
      inFlightIds.delete(clientId);
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body ?? { id: "22222222-2222-4222-8222-222222222222", clientId }));
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    stats: () => ({ maxInFlight, overlappingSameId }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function errorReply(status: number, code: string, message: string): Reply {
  return { status, body: { error: { code, message } } };
}
