import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clientIp, rateLimitKey } from "../src/auth/client-ip.js";
import { RateLimiter } from "../src/auth/rate-limit.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

describe("RateLimiter (token bucket)", () => {
  test("allows the burst, then refills at the steady rate per key", () => {
    let now = 0;
    // 150 per 5 minutes = one every 2 s, burst 3.
    const limiter = RateLimiter.perFiveMinutes(150, 3, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take("a"))).toEqual([true, true, true, false]);
    expect(limiter.take("b")).toBe(true);
    now += 1_999;
    expect(limiter.take("a")).toBe(false);
    now += 2;
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
  });
});

describe("clientIp", () => {
  /** What the rate limit would count a request by, given its socket peer and X-Forwarded-For. */
  async function ipFor(peer: string | undefined, forwardedFor?: string) {
    const app = new Hono();
    app.get("/", (c) => c.text(clientIp(c)));
    const headers = forwardedFor ? { "x-forwarded-for": forwardedFor } : undefined;
    const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined;
    return (await app.request("/", { headers }, env)).text();
  }

  test.each([
    ["a public peer's header is ignored", "203.0.113.9", "198.51.100.1", "203.0.113.9"],
    ["a loopback proxy is believed for its last hop", "127.0.0.1", "6.6.6.6, 198.51.100.7", "198.51.100.7"],
    ["private proxy chains are skipped", "10.0.0.2", "198.51.100.7, 172.16.0.5", "198.51.100.7"],
    ["IPv4-mapped IPv6 peers are plain IPv4", "::ffff:203.0.113.9", undefined, "203.0.113.9"],
    ["a proxy without the header is the client", "::1", undefined, "::1"],
    ["garbage in the header stops the walk at the last trusted hop", "127.0.0.1", "198.51.100.7, nonsense", "127.0.0.1"],
  ])("%s", async (_name, peer, forwarded, expected) => {
    expect(await ipFor(peer, forwarded)).toBe(expected);
  });

  test("no socket (in-process request) is one shared bucket", async () => {
    expect(await ipFor(undefined, "198.51.100.7")).toBe("unknown");
  });
});

describe("rate limit keys", () => {
  test.each([
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["198.51.100.7", "198.51.100.7"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });
});

describe.each(dbKinds)("sign-in rate limit on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_TOKEN: "1", AUTH_RATE_LIMIT_TOKEN_BURST: "3" });
  });
  afterAll(() => t.close());

  test("an IPv6 client cannot rotate addresses inside its /64 past the limit (each address had its own bucket)", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await t.app.request(
        "/auth/v1/token?grant_type=password",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
        },
        { incoming: { socket: { remoteAddress: `2001:db8:77:1::${i.toString(16)}` } } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // Another /64 has its own bucket.
    const other = await t.app.request(
      "/auth/v1/token?grant_type=password",
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "nobody@example.com", password: "x" }) },
      { incoming: { socket: { remoteAddress: "2001:db8:77:2::1" } } },
    );
    expect(other.status).toBe(400);
  });
});
