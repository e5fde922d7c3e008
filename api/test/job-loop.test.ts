import { periodKeyOf, periodRange } from "@vj/core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPostgres, type Database } from "../src/db/database.js";
import { JobLoop } from "../src/jobs/job-loop.js";
import { scheduledKind } from "../src/jobs/scheduled-kind.js";
import { createLogger } from "../src/logger.js";
import { scheduledJobsRepository } from "../src/repositories/scheduled-jobs.js";
import { createUser } from "./factories.js";
import { createTestApp, databaseUrl, dbKinds, type TestApp } from "./harness.js";

const logger = createLogger("silent");

async function until(done: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

const rowsOf = (t: TestApp, kind: string) =>
  t.deps.database.db.selectFrom("jobs").select(["once_key", "status", "attempts", "error", "lease_owner"]).where("kind", "=", kind).orderBy("once_key").execute();

describe.each(dbKinds)("the job loop on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  test("a daily job of each person, due at the start of their local day, runs once however many workers plan and claim it; one due later waits", async () => {
    const zones = ["Pacific/Auckland", "Europe/Berlin", "America/Los_Angeles", "UTC"];
    const people = await Promise.all(zones.map(async (zone) => ({ id: (await createUser(t.deps)).id, zone })));
    const ran = new Map<string, number>();
    // Three workers: on PostgreSQL each on a connection pool of its own, as separate processes are.
    const url = kind === "postgres" ? await databaseUrl(t.deps.database) : undefined;
    const pools: Database[] = url ? [0, 1, 2].map(() => openPostgres(url, 3)) : [];
    const loops = [0, 1, 2].map((i) =>
      new JobLoop({ logger, workerId: `w${i}` }).add(
        scheduledKind<{ zone: string }>({
          name: "daily-greeting",
          db: pools[i]?.db ?? t.deps.database.db,
          pollMs: 20,
          planEveryMs: 20,
          retryBaseMs: 10,
          plan: async (now) => [
            ...people.map((p) => {
              const day = periodKeyOf(now, "day", p.zone);
              return { onceKey: `${p.id}/${day}`, userId: p.id, dueAt: periodRange("day", day, p.zone).start, payload: { zone: p.zone } };
            }),
            { onceKey: "tomorrow", dueAt: new Date(now.getTime() + 86_400_000) },
          ],
          run: async (job) => {
            ran.set(job.onceKey, (ran.get(job.onceKey) ?? 0) + 1);
            await new Promise((r) => setTimeout(r, 5));
          },
        }),
      ),
    );
    try {
      loops.forEach((l) => l.start());
      await until(async () => (await rowsOf(t, "daily-greeting")).filter((r) => r.status === "done").length === people.length);
      // Let every worker plan and poll a few more times: nothing may run again.
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await Promise.all(loops.map((l) => l.stop()));
      await Promise.all(pools.map((p) => p.close()));
    }
    const rows = await rowsOf(t, "daily-greeting");
    expect(rows).toHaveLength(people.length + 1);
    expect(rows.filter((r) => r.once_key !== "tomorrow").every((r) => r.status === "done" && r.attempts === 1)).toBe(true);
    expect(rows.find((r) => r.once_key === "tomorrow")).toMatchObject({ status: "pending", attempts: 0 });
    expect([...ran.values()]).toEqual(people.map(() => 1));
  });

  test("a job whose worker stopped holds its lease, until the embedded database's start resumes it at once", async () => {
    const jobs = scheduledJobsRepository(t.deps.database.db);
    await jobs.schedule("resumable", [{ onceKey: "only", dueAt: new Date() }]);
    // A process claimed it under a ten-minute lease and was killed.
    await jobs.queue("resumable").claim("killed-process", 600);
    const done: string[] = [];
    const loop = new JobLoop({ logger }).add(scheduledKind({ name: "resumable", db: t.deps.database.db, run: async (job) => void done.push(job.onceKey) }));
    await loop.drain();
    expect(done).toEqual([]);
    expect(await loop.resumeAbandoned()).toBe(1);
    await loop.drain();
    expect(done).toEqual(["only"]);
    // Its killed attempt still counts, so a job that keeps killing its worker ends failed.
    expect(await rowsOf(t, "resumable")).toMatchObject([{ status: "done", attempts: 2, lease_owner: null }]);
  });

  test("a failing job is retried with backoff, then gives up with its reason; a final failure gives up at once", async () => {
    const jobs = scheduledJobsRepository(t.deps.database.db);
    await jobs.schedule("flaky", [
      { onceKey: "unreachable", dueAt: new Date() },
      { onceKey: "refused", dueAt: new Date() },
    ]);
    const calls = new Map<string, number>();
    const loop = new JobLoop({ logger }).add(
      scheduledKind({
        name: "flaky",
        db: t.deps.database.db,
        retryBaseMs: 0,
        maxAttempts: 3,
        run: async (job) => {
          calls.set(job.onceKey, (calls.get(job.onceKey) ?? 0) + 1);
          if (job.onceKey === "refused") throw Object.assign(new Error("the push service refused it"), { retryable: false });
          throw new Error("the network is down");
        },
      }),
    );
    await loop.drain();
    expect(Object.fromEntries(calls)).toEqual({ unreachable: 3, refused: 1 });
    expect(await rowsOf(t, "flaky")).toMatchObject([
      { once_key: "refused", status: "failed", attempts: 1, error: "the push service refused it" },
      { once_key: "unreachable", status: "failed", attempts: 3, error: "the network is down" },
    ]);
  });
});
