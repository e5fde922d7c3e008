import crypto from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Kysely } from "kysely";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { DB } from "../db/schema.js";
import type { Summarizer } from "../engines/summaries/types.js";
import type { Transcriber } from "../engines/transcription/types.js";
import { queueStatsRepository } from "../repositories/queue-stats.js";

/**
 * Prometheus metrics (prom-client; DESIGN §16): HTTP requests by route and status with latency
 * histograms, the job queues (read from the database at each scrape, so every process reports
 * the shared queues), transcription and summary durations and failures, outbox replays, and
 * the process's own (CPU, memory, event-loop lag). One registry per app, so tests stay apart.
 */
export interface Metrics {
  registry: Registry;
  /** Counts and times every request, labelled with the route's pattern (never its ids). */
  http: MiddlewareHandler;
  /** The engines, timed: how long each transcription or summary took, and which failed. */
  timeTranscriber(t: Transcriber): Transcriber;
  timeSummarizer(s: Summarizer): Summarizer;
  /** An upload answered from its clientId: the outbox sent again what the server had. */
  outboxReplay(): void;
}

export function createMetrics(db: Kysely<DB>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "vj_" });
  const requests = new Counter({
    name: "vj_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "vj_http_request_duration_seconds",
    help: "Time to answer an HTTP request (to its headers; a stream's body may go on)",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const engineSeconds = new Histogram({
    name: "vj_engine_duration_seconds",
    help: "Time an engine took for one transcription or summary, by kind and outcome",
    labelNames: ["kind", "outcome"] as const,
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers: [registry],
  });
  const engineFailures = new Counter({
    name: "vj_engine_failures_total",
    help: "Transcriptions and summaries whose engine failed (each attempt)",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const replays = new Counter({
    name: "vj_outbox_replays_total",
    help: "Uploads a device's outbox sent again that the server already had (answered from their clientId)",
    registers: [registry],
  });
  const stats = queueStatsRepository(db);
  const queue = (name: string, help: string, pick: (s: Awaited<ReturnType<typeof stats.summaries>>) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        const [transcription, summaries] = await Promise.all([stats.transcription(), stats.summaries()]);
        this.set({ queue: "transcription" }, pick(transcription) ?? 0);
        this.set({ queue: "summaries" }, pick(summaries) ?? 0);
      },
    });
  queue("vj_jobs_waiting", "Jobs waiting to be claimed", (s) => s.waiting);
  queue("vj_jobs_running", "Jobs claimed under a live lease", (s) => s.running);
  queue("vj_jobs_failed", "Jobs that gave up (notes and summaries in their error state)", (s) => s.failed);
  queue("vj_jobs_oldest_waiting_seconds", "How long the oldest waiting job has waited (0 when none)", (s) => s.oldestWaitingSeconds);

  const timed = async <T>(kind: string, work: () => Promise<T>): Promise<T> => {
    const end = engineSeconds.startTimer({ kind });
    try {
      const result = await work();
      end({ outcome: "ok" });
      return result;
    } catch (err) {
      end({ outcome: "failed" });
      engineFailures.inc({ kind });
      throw err;
    }
  };

  return {
    registry,
    http: async (c, next) => {
      const end = latency.startTimer();
      await next();
      const labels = { method: c.req.method, route: routeOf(c), status: String(c.res.status) };
      end(labels);
      requests.inc(labels);
    },
    timeTranscriber: (t) => ({
      get name() {
        return t.name;
      },
      get available() {
        return t.available;
      },
      get lowAccuracy() {
        return t.lowAccuracy;
      },
      transcribe: (input, signal) => timed("transcription", () => t.transcribe(input, signal)),
    }),
    timeSummarizer: (s) => ({
      get name() {
        return s.name;
      },
      summarize: (request) => timed("summary", () => s.summarize(request)),
    }),
    outboxReplay: () => replays.inc(),
  };
}

/** The pattern of the handler that answered ("/api/voice-notes/:id"), or "unmatched". */
function routeOf(c: Context): string {
  const handlers = matchedRoutes(c).filter((r) => r.method !== "ALL");
  return handlers.at(-1)?.path ?? "unmatched";
}

/** A bearer token compared in constant time. */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}
