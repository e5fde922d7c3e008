/**
 * What the bearer check last read of an account (Supabase mode: the users row it would otherwise
 * read on every request), kept a few seconds in a bounded map. Only an account that may use the
 * API is kept; this process forgets it at once when an admin disables or deletes it, or its owner
 * deletes it. Another process sharing PostgreSQL sees such a change within the few seconds.
 */
export interface KnownUser {
  email: string;
}

export interface UserCache {
  get(userId: string, now?: number): KnownUser | undefined;
  set(userId: string, user: KnownUser, now?: number): void;
  forget(userId: string): void;
}

export const USER_CACHE_TTL_MS = 5_000;
export const USER_CACHE_MAX = 10_000;

export function createUserCache(options: { ttlMs?: number; max?: number } = {}): UserCache {
  const ttl = options.ttlMs ?? USER_CACHE_TTL_MS;
  const max = options.max ?? USER_CACHE_MAX;
  const entries = new Map<string, { user: KnownUser; until: number }>();
  return {
    get(userId, now = Date.now()) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(userId);
        return undefined;
      }
      return entry.user;
    },
    set(userId, user, now = Date.now()) {
      entries.delete(userId);
      // The oldest entry goes first (a Map iterates in insertion order).
      while (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(userId, { user, until: now + ttl });
    },
    forget(userId) {
      entries.delete(userId);
    },
  };
}
