import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "../../src/openapi/document.js";
import { createUser, type TestUser } from "../factories.js";
import { dbKinds, startTestServer } from "../harness.js";
import { noteForm } from "../support/multipart.js";
import { makeZip, readZip } from "../support/zip.js";
import { badTokens, hostileMultipart, hostileStrings, hostileValues, rawBodies, rng, type Rng } from "./generate.js";

// A hostile client with an ordinary account, against every operation of the OpenAPI document and
// the built-in auth (/auth/v1): wrong types, huge and deep JSON, NUL and unpaired surrogates, bad
// dates, period keys and time zones, malformed and foreign ids, truncated, aborted and malformed
// multipart bodies, dropped streams, bad tokens. Asserted: no answer is a 5xx, no answer holds
// another person's data, and the server answers after every batch. Seeded: the seed and the
// number of requests are printed; SEED=<n> replays a run. HOSTILE_PER_OPERATION sets the
// requests per operation (a fixed budget: the default keeps a database's run near 30 s here).

const SEED = Number(process.env.SEED ?? Math.floor(Math.random() * 2 ** 31));
const PER_OPERATION = Number(process.env.HOSTILE_PER_OPERATION ?? 64);
const CONCURRENCY = 6;

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

interface Op {
  method: string;
  path: string;
  query: string[];
  jsonFields: string[] | null;
  multipart: { file: string; fields: string[] } | null;
}

function documentOperations(): Op[] {
  const doc = buildOpenApiDocument() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>>;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const json = content["application/json"]?.schema as { $ref?: string; properties?: Record<string, unknown> } | undefined;
      const resolved = json?.$ref ? doc.components.schemas[json.$ref.split("/").pop()!] : json;
      const multipart = content["multipart/form-data"]?.schema as { properties?: Record<string, { format?: string }> } | undefined;
      const props = Object.entries(multipart?.properties ?? {});
      ops.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        jsonFields: json ? Object.keys(resolved?.properties ?? {}) : null,
        multipart: multipart ? { file: props.find(([, s]) => s.format === "binary")?.[0] ?? "file", fields: props.filter(([, s]) => s.format !== "binary").map(([k]) => k) } : null,
      });
    }
  }
  return ops;
}

const AUTH_OPS: Op[] = [
  { method: "POST", path: "/auth/v1/signup", query: ["redirect_to", "invitation"], jsonFields: ["email", "password", "data", "options"], multipart: null },
  { method: "POST", path: "/auth/v1/token", query: ["grant_type"], jsonFields: ["email", "password", "refresh_token", "grant_type"], multipart: null },
  { method: "GET", path: "/auth/v1/user", query: [], jsonFields: null, multipart: null },
  { method: "GET", path: "/auth/v1/verify", query: ["token", "type", "redirect_to"], jsonFields: null, multipart: null },
  { method: "GET", path: "/auth/v1/settings", query: [], jsonFields: null, multipart: null },
  { method: "POST", path: "/auth/v1/logout", query: ["scope"], jsonFields: null, multipart: null },
];

describe.each(dbKinds)("hostile input on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let attacker: TestUser;
  let victim: TestUser;
  const own: Record<string, string[]> = { domain: [], note: [], type: [], thread: [] };
  const foreign: Record<string, string[]> = { domain: [], note: [], type: [] };
  let secrets: string[] = [];
  const sentSecrets = new Set<string>();
  let sent = 0;
  let refusedByClient = 0;
  let sentAgain = 0;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    server = await startTestServer(kind, { TRANSCRIBE_ENGINE: "none", SUMMARY_ENGINE: "extractive" });
    attacker = await createUser(server.deps);
    victim = await createUser(server.deps);
    const json = (user: TestUser) => ({ ...user.headers, "content-type": "application/json" });
    const marker = `VICTIM-SECRET-${crypto.randomUUID()}`;
    for (const [user, bag, title] of [
      [attacker, own, "Attacker's note"],
      [victim, foreign, marker],
    ] as const) {
      const domain = (await (await fetch(`${server.url}/api/domains`, { method: "POST", headers: json(user), body: JSON.stringify({ name: title.slice(0, 50), primaryColor: "#3b82f6", isDefault: true }) })).json()) as { id: string };
      bag.domain!.push(domain.id);
      const note = (await (await fetch(`${server.url}/api/voice-notes`, { method: "POST", headers: user.headers, body: noteForm({ domainId: domain.id, title }) })).json()) as { id: string };
      bag.note!.push(note.id);
      await fetch(`${server.url}/api/voice-notes/${note.id}`, { method: "PATCH", headers: json(user), body: JSON.stringify({ transcription: `${title} transcript` }) });
      const type = (await (await fetch(`${server.url}/api/summary-types`, { method: "POST", headers: json(user), body: JSON.stringify({ domainId: domain.id, name: title.slice(0, 50), prompt: title }) })).json()) as { id: string };
      bag.type!.push(type.id);
    }
    secrets = [marker, victim.email, victim.id, ...Object.values(foreign).flat()];
    console.log(`hostile input on ${kind}: SEED=${SEED} (set SEED=${SEED} to replay)`);
  }, 120_000);

  afterAll(async () => {
    console.log(
      `hostile input on ${kind}: SEED=${SEED}, ${sent} requests sent (${refusedByClient} more refused by the client itself, ${sentAgain} sent again on a new connection), answers: ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
    );
    await server?.close();
  });

  const ids = () => [...Object.values(own).flat(), ...Object.values(foreign).flat(), "not-an-id", "00000000-0000-0000-0000-000000000000"];

  /** Checks one answer: not a 5xx, and nothing of the other person unless the request itself carried it. */
  async function check(res: Response, request: string) {
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    expect(res.status, `${request} answered ${res.status}`).toBeLessThan(500);
    let text = "";
    if (res.headers.get("content-type")?.includes("application/zip")) {
      const entries = await readZip(Buffer.from(await res.arrayBuffer()));
      text = entries.get("journal.json")?.toString("utf8") ?? "";
    } else if (res.headers.get("content-type")?.includes("text/event-stream")) {
      const reader = res.body!.getReader();
      const until = Date.now() + 300;
      const decoder = new TextDecoder();
      while (Date.now() < until) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 100))]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      await reader.cancel().catch(() => undefined);
    } else {
      text = await res.text();
    }
    for (const secret of secrets) {
      // What the attacker sent (a foreign id as a note's title, say) it may store and read back:
      // not a leak. The victim's words and e-mail are never sent, so they are always checked.
      if (sentSecrets.has(secret)) continue;
      expect(text.includes(secret), `${request} answered with another person's data (${secret})`).toBe(false);
    }
  }

  async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer }) {
    const whole = `${path} ${init.body?.toString() ?? ""}`.toLowerCase();
    for (const secret of secrets) if (whole.includes(secret.toLowerCase()) || decodeURIComponentSafe(whole).includes(secret.toLowerCase())) sentSecrets.add(secret);
    let res: Response;
    const description = `${method} ${path} ${typeof init.body === "string" ? init.body.slice(0, 300) : ""}`;
    const attempt = () => fetch(`${server.url}${path}`, { method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(20_000) });
    try {
      try {
        res = await attempt();
      } catch (err) {
        // A kept-alive connection the server closed as idle just as this request went out on it:
        // sent again once on a new one, as HTTP clients do (RFC 9112 §9.3.1). A server that died
        // fails the second time too.
        if (!closedUnderUs(err)) throw err;
        sentAgain++;
        res = await attempt();
      }
    } catch (err) {
      // A request the client itself will not send (a header with NUL): nothing reached the server.
      if (err instanceof TypeError && !/fetch failed/.test(err.message)) {
        refusedByClient++;
        return;
      }
      throw new Error(`${description}: no answer (${(err as Error).message}; cause: ${String((err as { cause?: unknown }).cause)})`);
    }
    sent++;
    await check(res, description);
  }

  async function alive() {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status, "the server answers after the batch").toBe(200);
    await res.body?.cancel();
  }

  /** A request's path, query and body for one operation, hostile in a seeded way. */
  function build(r: Rng, op: Op) {
    const pick = () => r.pick(ids());
    // An unpaired surrogate has no UTF-8: sent as the bytes a broken client would send.
    const enc = (text: string) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return "%ED%A0%80";
      }
    };
    let path = op.path.replace("{id}", () => enc(r.chance(0.8) ? pick() : r.pick(hostileStrings)) || "x");
    const query = new URLSearchParams();
    for (const name of op.query) if (r.chance(0.7)) query.set(name, String(r.chance(0.5) ? r.pick(hostileStrings) : hostileValues(r, ids())));
    if (r.chance(0.2)) query.set(r.pick(["limit", "period", "periodKey", "tz", "domainId", "before", "extra"]), r.pick(hostileStrings));
    let qs = query.toString();
    // Percent-escapes that decode to invalid UTF-8, NUL, or nothing at all.
    if (r.chance(0.1)) qs += `${qs ? "&" : ""}${r.pick(op.query.length ? op.query : ["q"])}=${r.pick(["%ED%A0%80", "%00", "%ZZ", "%", "%C0%AF", "%FF%FE"])}`;
    if (qs) path += `?${qs}`;
    const headers: Record<string, string> = {};
    let token: string | undefined = `Bearer ${attacker.token}`;
    if (r.chance(0.1)) token = badTokens(r, victim.token);
    if (token) headers.authorization = token;
    let body: string | Buffer | undefined;
    if (op.jsonFields) {
      if (r.chance(0.25)) {
        const raw = rawBodies(r);
        body = raw.body;
        if (raw.type) headers["content-type"] = raw.type;
      } else {
        const value: Record<string, unknown> = {};
        for (const field of op.jsonFields) if (r.chance(0.8)) value[field] = hostileValues(r, ids());
        if (r.chance(0.3)) value[r.pick(["userId", "isAdmin", "id", "user_id"])] = victim.id;
        body = JSON.stringify(value);
        headers["content-type"] = "application/json";
      }
    } else if (op.multipart) {
      const m = hostileMultipart(r, op.multipart.file);
      body = m.body;
      headers["content-type"] = m.type;
    }
    return { path, headers, body };
  }

  test("every operation of the OpenAPI document and /auth/v1, hostile inputs: no 5xx, nothing of another person, the server alive after each batch", async () => {
    const r = rng(SEED);
    // Deleting the attacker's own account would only end the run early: it comes last, below.
    const operations = [...documentOperations(), ...AUTH_OPS].filter((op) => !(op.method === "DELETE" && op.path === "/api/auth/delete-account"));
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) {
      const batch = Array.from({ length: PER_OPERATION }, () => build(r, op));
      // /auth/v1/logout with the attacker's token would end its session: it gets bad tokens only.
      if (op.path === "/auth/v1/logout") for (const b of batch) b.headers.authorization = badTokens(r, victim.token) ?? "Bearer x";
      for (let i = 0; i < batch.length; i += CONCURRENCY) {
        await Promise.all(batch.slice(i, i + CONCURRENCY).map((b) => send(op.method, b.path, b)));
      }
      await alive();
    }
  }, 180_000);

  /** A raw HTTP/1.1 request the client abandons: after sending part of it, or after the answer began. */
  const abandon = (head: string, body: Buffer | string, cut: number, waitForAnswer: boolean) =>
    new Promise<void>((resolve) => {
      const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1", () => {
        socket.write(head);
        socket.write(typeof body === "string" ? body.slice(0, cut) : body.subarray(0, cut));
        if (!waitForAnswer) setTimeout(() => socket.destroy(), 5);
      });
      socket.on("data", () => socket.destroy());
      socket.on("error", () => resolve());
      socket.on("close", () => resolve());
      setTimeout(() => socket.destroy(), 2000);
    });

  test("truncated, aborted and dropped requests (uploads, imports, JSON, events streams): the server alive after each batch", async () => {
    const r = rng(SEED + 1);
    const auth = `Authorization: Bearer ${attacker.token}\r\n`;
    const targets = [
      { path: "/api/voice-notes", file: "audio" },
      { path: "/api/import", file: "file" },
    ];
    for (let round = 0; round < 4; round++) {
      const drops: Promise<void>[] = [];
      for (const t of targets) {
        for (let i = 0; i < 6; i++) {
          const m = hostileMultipart(r, t.file);
          const body = Buffer.concat([Buffer.from(m.body), Buffer.alloc(r.int(200_000), 7)]);
          const head = `POST ${t.path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: ${m.type}\r\nContent-Length: ${body.length + r.int(10_000)}\r\n\r\n`;
          drops.push(abandon(head, body, r.int(body.length + 1), false));
          sent++;
        }
      }
      for (let i = 0; i < 10; i++) {
        drops.push(abandon(`GET /api/events HTTP/1.1\r\nHost: x\r\n${auth}\r\n`, "", 0, r.chance(0.5)));
        const json = JSON.stringify({ name: "x".repeat(r.int(5000)), primaryColor: "#000000" });
        drops.push(abandon(`POST /api/domains HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${json.length + 50}\r\n\r\n`, json, r.int(json.length), false));
        drops.push(abandon(`POST /api/chat HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 9999\r\n\r\n`, '{"question":"wh', 10, false));
        drops.push(abandon(`GET /api/voice-notes/${own.note![0]}/audio HTTP/1.1\r\nHost: x\r\n${auth}Range: bytes=0-\r\n\r\n`, "", 0, true));
        drops.push(abandon(`GET /api/export HTTP/1.1\r\nHost: x\r\n${auth}\r\n`, "", 0, true));
        drops.push(abandon(`GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n`, "", 0, false));
        sent += 6;
      }
      await Promise.all(drops);
      await alive();
    }
    // After all of it an events stream still opens: the dropped ones gave their places back.
    const res = await fetch(`${server.url}/api/events`, { headers: attacker.headers });
    expect(res.status).toBe(200);
    await res.body?.cancel();
    // And the attacker's own data is still served to them, the victim's to the victim.
    const mine = await fetch(`${server.url}/api/domains`, { headers: attacker.headers });
    expect(mine.status).toBe(200);
    const theirs = (await (await fetch(`${server.url}/api/domains`, { headers: victim.headers })).json()) as { id: string }[];
    expect(theirs.map((d) => d.id)).toContain(foreign.domain![0]);
  }, 120_000);

  test("imports of hostile journals (wrong types, NUL, unpaired surrogates, bad dates, foreign ids, files that are not audio): no 5xx", async () => {
    const r = rng(SEED + 2);
    const exported = await fetch(`${server.url}/api/export`, { headers: attacker.headers });
    expect(exported.status).toBe(200);
    const entries = await readZip(Buffer.from(await exported.arrayBuffer()));
    const base = JSON.parse(entries.get("journal.json")!.toString("utf8")) as Record<string, unknown>;
    /** Every place in the journal a value sits, as a path of keys. */
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, at: (string | number)[]) => {
      if (at.length) paths.push(at);
      if (v && typeof v === "object") for (const [k, child] of Object.entries(v)) walk(child, [...at, Array.isArray(v) ? Number(k) : k]);
    };
    walk(base, []);
    for (let i = 0; i < 16; i++) {
      const journal = structuredClone(base);
      for (let m = 0; m < 1 + r.int(3); m++) {
        const at = r.pick(paths);
        let parent = journal as Record<string | number, unknown>;
        for (const key of at.slice(0, -1)) parent = (parent?.[key] ?? {}) as Record<string | number, unknown>;
        // An earlier change may have replaced a parent by a plain value: then this one is moot.
        if (parent && typeof parent === "object") parent[at.at(-1)!] = hostileValues(r, ids());
      }
      const files = [...entries].filter(([name]) => name !== "journal.json").map(([name, data]) => ({ name, data: r.chance(0.2) ? "not audio at all" : data }));
      const zip = await makeZip([{ name: "journal.json", data: JSON.stringify(journal) }, ...files]);
      const form = new FormData();
      form.append("file", new Blob([zip], { type: "application/zip" }), "journal.zip");
      const res = await fetch(`${server.url}/api/import`, { method: "POST", headers: attacker.headers, body: form });
      sent++;
      await check(res, `POST /api/import ${JSON.stringify(journal).slice(0, 300)}`);
    }
    await alive();
  }, 60_000);

  test("the account deletes itself last; its token then answers 401 everywhere", async () => {
    const res = await fetch(`${server.url}/api/auth/delete-account`, { method: "DELETE", headers: attacker.headers });
    sent++;
    expect(res.status).toBe(200);
    for (const op of documentOperations().filter((o) => !o.path.includes("signup-policy") && !o.path.includes("public-key"))) {
      const path = op.path.replace("{id}", own.domain![0]!);
      const answer = await fetch(`${server.url}${path}`, { method: op.method, headers: attacker.headers });
      sent++;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status, `${op.method} ${path}`).toBe(401);
      await answer.body?.cancel();
    }
    await alive();
  }, 60_000);
});

/** Whether a fetch failed because the connection was closed under it (not a timeout, not refused). */
function closedUnderUs(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } } | undefined)?.cause;
  return err instanceof TypeError && /fetch failed/.test(err.message) && (cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET");
}
