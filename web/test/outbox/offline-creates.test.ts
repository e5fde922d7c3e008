import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { collectionCreateChange, collectionOfCreate, takenAddressMessage } from "../../src/features/collections/offline-create";
import { queuedGenerations } from "../../src/features/summaries/queued-generations";
import { summaryTypeCreateChange, summaryTypeOfCreate } from "../../src/features/summaries/type-changes";
import { addChange, followedServerId, listChanges } from "../../src/features/outbox/changes-store";
import { memoryLocks } from "../../src/features/outbox/locks";
import { addPendingUpload, listPendingUploads } from "../../src/features/outbox/outbox-store";
import { applyChanges, isUnsentCreate, syncMarks } from "../../src/features/outbox/overlay";
import { replayOutbox, type SendContext } from "../../src/features/outbox/replay";
import { fetchTransport } from "../../src/features/outbox/upload-recording";
import { freshOutbox, OWNER, recording } from "./helpers";

type Collection = { id: string; name: string; slug: string };
type Note = { clientId: string; domainId: string; title: string };

/**
 * A stand-in API that behaves as the real one does where it matters here: it picks its own ids for
 * new collections, keeps each Idempotency-Key's answer (a key sent again gets that answer back and
 * changes nothing), and refuses a recording into a collection it does not have.
 */
async function startApi() {
  const collections: Collection[] = [];
  const notes: Note[] = [];
  const types: Collection[] = [];
  const generated: { summaryTypeId?: string }[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  const requests: string[] = [];
  let serverIds = 0;
  /** When set, the next request is applied but its answer never reaches the device. */
  let loseNextAnswer = false;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const key = req.headers["idempotency-key"] as string | undefined;
    requests.push(`${req.method} ${req.url}${key ? ` ${key}` : ""}`);
    let answer: { status: number; body: unknown };
    if (key && answers.has(key)) {
      answer = answers.get(key)!;
    } else if (req.method === "POST" && req.url === "/api/domains") {
      const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { name: string };
      const made = { id: `5e5e5e5e-0000-4000-8000-00000000000${++serverIds}`, name: input.name, slug: input.name.toLowerCase() };
      collections.push(made);
      answer = { status: 201, body: made };
    } else if (req.method === "POST" && req.url === "/api/summary-types") {
      const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { name: string };
      const made = { id: `7e7e7e7e-0000-4000-8000-00000000000${++serverIds}`, name: input.name, slug: "" };
      types.push(made);
      answer = { status: 201, body: made };
    } else if (req.method === "POST" && req.url === "/api/summaries/generate") {
      const input = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { summaryTypeId?: string };
      answer = input.summaryTypeId && !types.some((t) => t.id === input.summaryTypeId)
        ? { status: 404, body: { error: { code: "not_found", message: "Summary type not found" } } }
        : { status: 201, body: { id: "summary-1", status: "pending", summaryTypeId: input.summaryTypeId ?? null } };
      generated.push(input);
    } else if (req.method === "POST" && req.url === "/api/voice-notes") {
      const form = await new Request("http://local/", { method: "POST", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }).formData();
      const note = { clientId: String(form.get("clientId")), domainId: String(form.get("domainId")), title: String(form.get("title")) };
      if (!collections.some((c) => c.id === note.domainId)) {
        answer = { status: 404, body: { error: { code: "not_found", message: "Collection not found" } } };
      } else {
        notes.push(note);
        answer = { status: 201, body: { id: `note-${notes.length}`, ...note } };
      }
    } else {
      answer = { status: 200, body: { success: true } };
    }
    if (key) answers.set(key, answer);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    collections,
    notes,
    types,
    generated,
    requests,
    loseNextAnswer: () => {
      loseNextAnswer = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let env: ReturnType<typeof freshOutbox> | undefined;
let api: Awaited<ReturnType<typeof startApi>> | undefined;
afterEach(async () => {
  env?.close();
  env = undefined;
  await api?.close();
  api = undefined;
});

const DEVICE_ID = "d1ce0000-0000-4000-8000-00000000000d";

function signedIn(offline = false): SendContext {
  return {
    db: env!.db,
    baseUrl: api!.baseUrl,
    getSession: async () => ({ accessToken: `token-of-${OWNER}`, userId: OWNER }),
    transport: offline ? async () => Promise.reject(new TypeError("Failed to fetch")) : fetchTransport(),
    fetch: offline ? async () => Promise.reject(new TypeError("Failed to fetch")) : undefined,
    locks: memoryLocks(),
  };
}

async function createOffline(name: string, id = DEVICE_ID) {
  return addChange(env!.db, collectionCreateChange(OWNER, id, { name, description: "", primaryColor: "#0369a1", isDefault: false }));
}

describe("a collection created offline, and a recording made into it", () => {
  it("nothing leaves while offline; back online the collection is created first and the recording is filed in it under the server's id", async () => {
    env = freshOutbox();
    api = await startApi();
    await createOffline("Road trip");
    await addPendingUpload(env.db, recording(1, 100, { domainId: DEVICE_ID, title: "At the border" }));

    const away = await replayOutbox(signedIn(true));
    expect(away.offline).toBe(true);
    expect(api.requests).toEqual([]);
    expect(await listChanges(env.db, OWNER)).toHaveLength(1);
    expect(await listPendingUploads(env.db, OWNER)).toHaveLength(1);

    const back = await replayOutbox(signedIn());
    expect(api.requests.map((r) => r.split(" ").slice(0, 2).join(" "))).toEqual(["POST /api/domains", "POST /api/voice-notes"]);
    expect(api.collections.map((c) => c.name)).toEqual(["Road trip"]);
    expect(api.notes).toEqual([{ clientId: recording(1).id, domainId: api.collections[0]!.id, title: "At the border" }]);
    expect(back.delivered).toEqual([recording(1).id]);
    expect(await listChanges(env.db, OWNER)).toEqual([]);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("the create's answer is lost: it is sent again with the same key, the server keeps one collection, and the recording still lands in it", async () => {
    env = freshOutbox();
    api = await startApi();
    const create = await createOffline("Road trip");
    await addPendingUpload(env.db, recording(2, 100, { domainId: DEVICE_ID }));

    api.loseNextAnswer();
    const cut = await replayOutbox(signedIn());
    // Applied on the server, but the device never heard: the recording does not go ahead of it.
    expect(cut.offline).toBe(true);
    expect(api.collections).toHaveLength(1);
    expect(api.notes).toEqual([]);
    expect((await listPendingUploads(env.db, OWNER))[0]!.domainId).toBe(DEVICE_ID);

    await replayOutbox(signedIn());
    expect(api.requests.filter((r) => r.startsWith("POST /api/domains"))).toEqual([
      `POST /api/domains ${create.id}`,
      `POST /api/domains ${create.id}`,
    ]);
    expect(api.collections.map((c) => c.name)).toEqual(["Road trip"]);
    expect(api.notes.map((n) => n.domainId)).toEqual([api.collections[0]!.id]);
    expect(await listChanges(env.db, OWNER)).toEqual([]);
    expect(await listPendingUploads(env.db, OWNER)).toEqual([]);
  });

  it("a collection whose create the server refused keeps its recordings waiting, and its mark says why", async () => {
    env = freshOutbox();
    api = await startApi();
    await createOffline("Road trip");
    await addPendingUpload(env.db, recording(3, 100, { domainId: DEVICE_ID }));
    // Made on another device meanwhile under the same address: this create is refused (409).
    const refuse = signedIn();
    refuse.fetch = async () => ({ status: 409, text: async () => JSON.stringify({ error: { code: "conflict", message: "Address taken" } }) });
    await replayOutbox(refuse);
    const changes = await listChanges(env.db, OWNER);
    expect(syncMarks(changes).get(`collection:${DEVICE_ID}`)?.status).toBe("refused");
    expect(changes[0]!.lastError).toBe("409: Address taken");
    expect(api.notes).toEqual([]);
    expect(await listPendingUploads(env.db, OWNER)).toHaveLength(1);
  });
});

describe("what the screens show of a collection created offline", () => {
  it("is in the list at once, with the address the server will give it, marked as waiting, until the server has it", async () => {
    env = freshOutbox();
    api = await startApi();
    await createOffline("Road Trip 2026");
    const changes = await listChanges(env.db, OWNER);
    const server = [{ id: "5e5e5e5e-0000-4000-8000-000000000009", userId: OWNER, name: "Home", slug: "home", description: null, primaryColor: "#111111", isDefault: true, createdAt: "2026-01-01T00:00:00.000Z" }];
    const shown = applyChanges(server, changes, "collection", collectionOfCreate);
    expect(shown.map((c) => [c.name, c.slug, c.description, c.primaryColor])).toEqual([
      ["Home", "home", null, "#111111"],
      ["Road Trip 2026", "road-trip-2026", null, "#0369a1"],
    ]);
    expect(syncMarks(changes).get(`collection:${DEVICE_ID}`)?.status).toBe("waiting");
    expect(isUnsentCreate(changes, "collection", DEVICE_ID)).toBe(true);

    await replayOutbox(signedIn());
    const after = await listChanges(env.db, OWNER);
    expect(isUnsentCreate(after, "collection", DEVICE_ID)).toBe(false);
    expect(applyChanges(server, after, "collection", collectionOfCreate)).toEqual(server);
  });

  it("a name with no a-z/0-9 is shown under an address made from the device's id, which leads to the server's id once it answers", async () => {
    env = freshOutbox();
    api = await startApi();
    const change = await createOffline("日記");
    const shown = collectionOfCreate(change)!;
    expect(shown.slug).toBe("c-d1ce0000");
    expect(await followedServerId(env.db, "d1ce0000")).toBeNull();
    await replayOutbox(signedIn());
    expect(await followedServerId(env.db, "d1ce0000")).toBe(api.collections[0]!.id);
    expect(await followedServerId(env.db, "00000000")).toBeNull();
  });

  it("an address already in use is refused on the device, in the server's words", () => {
    const mine = [{ slug: "road-trip" }, { slug: "home" }];
    expect(takenAddressMessage(mine, "Road  Trip!", DEVICE_ID)).toBe(
      'You already have a collection whose address would be "/road-trip". Please choose a different name.',
    );
    expect(takenAddressMessage(mine, "Road trips", DEVICE_ID)).toBeNull();
  });
});

describe("a summary type created offline, and a summary asked for with it", () => {
  it("the request waits with a card that says so; back online the type is created first and the summary asked for with the server's id", async () => {
    env = freshOutbox();
    api = await startApi();
    const domainId = "5e5e5e5e-0000-4000-8000-000000000001";
    const typeId = "d1ce0000-0000-4000-8000-0000000000aa";
    const scope = { domainId, period: "day" as const, periodKey: "2026-11-28" };
    await addChange(env.db, summaryTypeCreateChange(OWNER, typeId, domainId, { name: "Gratitude", prompt: "What was I grateful for?" }));
    await addChange(env.db, {
      ownerId: OWNER,
      target: { type: "summary", id: "req-1" },
      action: "generate",
      method: "POST",
      path: "/api/summaries/generate",
      body: { ...scope, isGeneralSummary: false, summaryTypeId: typeId, responseLength: "short", tz: "UTC", clientRequestId: "req-1" },
    });
    const waiting = await listChanges(env.db, OWNER);
    const types = applyChanges([], waiting, "summary-type", summaryTypeOfCreate);
    expect(types.map((t) => [t.id, t.name, t.domainId])).toEqual([[typeId, "Gratitude", domainId]]);
    expect(queuedGenerations(waiting, scope, types).map((q) => [q.typeName, q.prompt, q.responseLength])).toEqual([["Gratitude", "What was I grateful for?", "short"]]);
    expect(queuedGenerations(waiting, { ...scope, periodKey: "2026-11-27" }, types)).toEqual([]);

    await replayOutbox(signedIn());
    expect(api.requests.map((r) => r.split(" ").slice(0, 2).join(" "))).toEqual(["POST /api/summary-types", "POST /api/summaries/generate"]);
    expect(api.generated.map((g) => g.summaryTypeId)).toEqual([api.types[0]!.id]);
    expect(await listChanges(env.db, OWNER)).toEqual([]);
  });
});
