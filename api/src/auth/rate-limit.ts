/**
 * In-memory token buckets per key (GoTrue's limiter is a token bucket too:
 * a steady rate per 5 minutes plus a burst). Each API process counts on its
 * own, so with N replicas a client gets up to N times the limit; acceptable
 * for abuse damping, and no shared store is needed.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly refillPerMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `perFiveMinutes` steady rate with room for `burst` requests at once. */
  static perFiveMinutes(perFiveMinutes: number, burst: number, now?: () => number) {
    return new RateLimiter(burst, perFiveMinutes / 300_000, now);
  }

  /** Takes one token; false when the bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.refillPerMs) : this.capacity;
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > 10_000) this.prune(now);
    return true;
  }

  /** Forgets buckets that have refilled: they behave exactly like absent ones. */
  private prune(now: number) {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.refillPerMs >= this.capacity) this.buckets.delete(key);
    }
  }
}
