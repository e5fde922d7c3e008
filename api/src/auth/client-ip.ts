import { isIP } from "node:net";
import type { Context } from "hono";

/**
 * The client address the rate limits count by.
 *
 * The socket's peer address, unless that peer is a proxy on this host or a
 * private network (loopback, RFC 1918, link-local, IPv6 unique-local): then
 * X-Forwarded-For is walked from the right, skipping further such hops, and
 * the first public address is the client (the same rule as Express's
 * "loopback, linklocal, uniquelocal" trust preset). A client on the
 * internet cannot forge its way past this: its own connection arrives from
 * a public address, so its header is ignored. A client inside the private
 * network could pick its own bucket; that is the price of working behind a
 * reverse proxy without configuration.
 */
export function clientIp(c: Context): string {
  const peer = socketAddress(c);
  if (!peer) return "unknown";
  if (!isTrustedHop(peer)) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => normalize(s.trim()))
    .filter(Boolean);
  let client = peer;
  for (let i = forwarded.length - 1; i >= 0 && isTrustedHop(client); i--) {
    // Anything that is not an address ends the walk: what lies left of it cannot be vouched for.
    if (isIP(forwarded[i]!) === 0) break;
    client = forwarded[i]!;
  }
  return client;
}

function socketAddress(c: Context): string | undefined {
  // @hono/node-server puts the Node request on c.env; in-process app.request() has none.
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return address ? normalize(address) : undefined;
}

function normalize(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address.toLowerCase();
}

export function isTrustedHop(address: string): boolean {
  if (isIP(address) === 4) {
    const [a, b] = address.split(".").map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(address) === 6) {
    return address === "::1" || /^f[cd]/.test(address) || /^fe[89ab]/.test(address);
  }
  return false;
}

/**
 * The rate-limit bucket of a client address. IPv6 counts by /64: one subscriber's network
 * can use any of its 2^64 addresses, so per-address buckets would let it rotate past every
 * limit (and grow the bucket map without bound). IPv4 and anything else count as given.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.split("%")[0]!.split("::");
  const groups = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...new Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${all.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}
