import type { Kysely } from "kysely";
import { setBounded } from "../bounded-map.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { usersRepository } from "../repositories/users.js";

/** "Last active" on the admin screen is this fine: one write per account and process per interval. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60_000;

/**
 * Remembers when an account last used the API (users.last_active_at) without a write per
 * request: each process writes at most once per account and ACTIVITY_WRITE_INTERVAL_MS, after
 * the answer and off its path.
 */
export function activityRecorder(db: Kysely<DB>, logger: Logger): (userId: string) => void {
  const written = new Map<string, number>();
  return (userId) => {
    const now = Date.now();
    if (now - (written.get(userId) ?? 0) < ACTIVITY_WRITE_INTERVAL_MS) return;
    setBounded(written, userId, now, 10_000);
    usersRepository(db)
      .touchActivity(userId, new Date(now))
      .catch((err: unknown) => logger.warn({ err, userId }, "last activity not recorded"));
  };
}
