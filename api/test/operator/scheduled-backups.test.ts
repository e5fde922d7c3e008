import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { lastBackup, listBackups } from "../../src/backup/format.js";
import { scheduledBackups } from "../../src/backup/scheduled.js";
import { takeBackup } from "../../src/backup/take.js";
import { JobLoop } from "../../src/jobs/job-loop.js";
import { createLogger } from "../../src/logger.js";
import { createUser } from "../factories.js";
import { createTestApp, type TestApp } from "../harness.js";
import { createDomain } from "../support/api.js";
import { noteForm } from "../support/multipart.js";

const silent = createLogger("silent");

describe("scheduled backups of the embedded default", () => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-scheduled-backups-"));
  beforeAll(async () => {
    t = await createTestApp("pglite", { TRANSCRIBE_ENGINE: "none" });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("one backup per BACKUP_INTERVAL_HOURS slot, however often the loop runs; the newest BACKUP_KEEP are kept", async () => {
    const user = await createUser(t.deps);
    const { id: domainId } = await createDomain(t, user, { isDefault: true });
    const kind = scheduledBackups(
      t.deps.database.db,
      { BACKUP_DIR: dir, BACKUP_KEEP: 2, BACKUP_INTERVAL_HOURS: 24 },
      (target, keep) => takeBackup({ database: t.deps.database, dataDir: t.deps.config.DATA_DIR }, target, keep),
      silent,
    );
    // Each run is a process's loop waking at that hour (a restart included: a new loop).
    vi.useFakeTimers({ toFake: ["Date"] });
    const loopAt = async (iso: string) => {
      vi.setSystemTime(new Date(iso));
      await new JobLoop({ logger: silent }).add(kind).drain();
    };
    const notes = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await t.app.request("/api/voice-notes", { method: "POST", headers: user.headers, body: noteForm({ domainId, title: `Note ${i}` }) });
        expect(res.status).toBe(201);
      }
    };

    await notes(1);
    await loopAt("2026-05-01T03:00:00Z");
    expect(listBackups(dir)).toEqual(["voice-journal-2026-05-01T03-00-00-000Z"]);
    await loopAt("2026-05-01T23:59:00Z");
    expect(listBackups(dir)).toHaveLength(1);

    await notes(1);
    await loopAt("2026-05-02T00:01:00Z");
    await notes(1);
    await loopAt("2026-05-03T09:00:00Z");
    await loopAt("2026-05-03T10:00:00Z");
    expect(listBackups(dir)).toEqual(["voice-journal-2026-05-02T00-01-00-000Z", "voice-journal-2026-05-03T09-00-00-000Z"]);
    // What the admin screen shows as the last backup: the newest, with the notes it holds.
    expect(lastBackup(dir)).toMatchObject({ name: "voice-journal-2026-05-03T09-00-00-000Z", notes: 3 });
    vi.useRealTimers();
  }, 60_000);
});
