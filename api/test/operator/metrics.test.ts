import parsePrometheus, { type PrometheusFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "../factories.js";
import { createTestApp, dbKinds, startTestServer } from "../harness.js";
import { noteForm } from "../support/multipart.js";
import { startOpenAITestServer, type OpenAITestServer } from "../support/openai-server.js";
import { waitFor } from "../support/wait.js";

type Server = Awaited<ReturnType<typeof startTestServer>>;
const TOKEN = "scrape-me-0123456789";


describe.each(dbKinds)("GET /metrics on %s", (kind) => {
  let server: Server;
  let engine: OpenAITestServer;
  let user: TestUser;
  beforeAll(async () => {
    engine = await startOpenAITestServer();
    server = await startTestServer(kind, {
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: "0",
      TRANSCRIBE_ENGINE: "openai",
      OPENAI_BASE_URL: engine.baseURL,
      OPENAI_API_KEY: "test",
      TRANSCRIBE_POLL_MS: "50",
    });
    user = await createUser(server.deps);
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
  });

  let text = "";
  const scrape = async (url = `${server.url}/metrics`, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    text = await res.text();
    return parsePrometheus(text);
  };
  const family = (families: PrometheusFamily[], name: string) => families.find((f) => f.name === name);
  const value = (families: PrometheusFamily[], name: string, labels: Record<string, string>) =>
    family(families, name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

  test("is refused without the token, or with another", async () => {
    const refusals: Record<string, string>[] = [{}, { authorization: "Bearer wrong-token-0123456" }, { authorization: `Basic ${TOKEN}` }];
    for (const headers of refusals) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    }
  });

  test("reports requests by route and status, the job queues, the engines, outbox replays and the process", async () => {
    const domain = (await (await fetch(`${server.url}/api/domains`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Home", isDefault: true }),
    })).json()) as { id: string };
    await fetch(`${server.url}/api/domains`, { headers: user.headers });
    await fetch(`${server.url}/api/domains/${domain.id}/stats`, { headers: {} });
    const upload = () => fetch(`${server.url}/api/voice-notes`, { method: "POST", headers: user.headers, body: noteForm({ domainId: domain.id, clientId: "outbox-1" }) });
    expect((await upload()).status).toBe(201);
    expect((await upload()).status).toBe(200);
    await waitFor(() => server.deps.database.db.selectFrom("voice_notes").select("is_transcribed").executeTakeFirstOrThrow(), (n) => n.is_transcribed);

    const m = await scrape();
    expect(value(m, "vj_http_requests_total", { method: "GET", route: "/api/domains", status: "200" })?.value).toBe("1");
    expect(value(m, "vj_http_requests_total", { method: "GET", route: "/api/domains/:id/stats", status: "401" })?.value).toBe("1");
    // This parser keeps a histogram's buckets but not its labels: the labelled series are read from the text.
    expect(family(m, "vj_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(text).toContain('vj_http_request_duration_seconds_count{method="POST",route="/api/voice-notes",status="201"} 1');
    expect(text).toContain('vj_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/domains",status="200"} 1');
    for (const queue of ["transcription", "summaries"]) {
      for (const name of ["vj_jobs_waiting", "vj_jobs_running", "vj_jobs_failed", "vj_jobs_oldest_waiting_seconds"]) {
        expect(value(m, name, { queue })?.value, `${name} ${queue}`).toBe("0");
      }
    }
    expect(family(m, "vj_engine_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(text).toContain('vj_engine_duration_seconds_count{kind="transcription",outcome="ok"} 1');
    expect(family(m, "vj_engine_failures_total")?.metrics ?? []).toEqual([]);
    expect(family(m, "vj_outbox_replays_total")?.metrics[0]?.value).toBe("1");
    expect(Number(family(m, "vj_process_resident_memory_bytes")?.metrics[0]?.value)).toBeGreaterThan(10_000_000);

    // METRICS_PORT: the same text without a token, on loopback.
    const local = await scrape(server.metricsUrl!, {});
    expect(family(local, "vj_jobs_waiting")).toBeDefined();
  });
});

test("without METRICS_TOKEN the app's port has no /metrics", { timeout: 60_000 }, async () => {
  const t = await createTestApp("pglite");
  try {
    const res = await t.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  } finally {
    await t.close();
  }
});
