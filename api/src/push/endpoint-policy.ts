import dns from "node:dns";
import https from "node:https";
import net from "node:net";

/**
 * Which push endpoints the server may POST to (DESIGN §14). A subscription's endpoint is a URL
 * the browser hands over; unchecked, it would let anyone make the server call an internal
 * address. Only https on a public address is called, checked twice: when a subscription is
 * stored (the URL's form), and when a reminder is sent (the addresses its host resolves to, so
 * a name that points inside is refused too). Origins in PUSH_ENDPOINT_ALLOWLIST are exempt
 * (a loopback stand-in in tests).
 */

/** Addresses no push service lives at: loopback, private, link-local, shared, reserved, multicast. */
const internal = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) internal.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [["::", 127], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) {
  internal.addSubnet(prefix, bits, "ipv6");
}

export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  // An IPv4 address written as IPv6 (::ffff:7f00:1) is checked against the IPv4 rules too.
  return family === 4 ? internal.check(address, "ipv4") : family === 6 ? internal.check(address, "ipv6") : false;
}

export function isAllowlisted(endpoint: string, allowlist: readonly string[]): boolean {
  return URL.canParse(endpoint) && allowlist.includes(new URL(endpoint).origin);
}

/** Why the server would refuse to call this endpoint, or null when it may. */
export function pushEndpointProblem(endpoint: string, allowlist: readonly string[]): string | null {
  if (!URL.canParse(endpoint)) return "The push endpoint is not a URL";
  if (isAllowlisted(endpoint, allowlist)) return null;
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return "The push endpoint must be an https URL";
  if (url.username || url.password) return "The push endpoint must not carry credentials";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) {
    return "The push endpoint must be a public push service";
  }
  if (net.isIP(host) && isInternalAddress(host)) return "The push endpoint must be a public push service";
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a name resolving to an internal address (connect-time check). */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => isInternalAddress(a.address));
    if (bad) {
      const refused: NodeJS.ErrnoException = new Error(`Push endpoint host ${hostname} resolves to an internal address (${bad.address})`);
      refused.code = "EPUSHINTERNAL";
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** The agent pushes to public endpoints go through: keep-alive, and the address check at connect time. */
export const publicPushAgent = new https.Agent({ keepAlive: true, lookup: publicOnlyLookup as never });
