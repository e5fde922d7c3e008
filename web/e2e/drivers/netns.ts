import { execFileSync } from "node:child_process";
import fs from "node:fs";

export const IP_PATH = "/usr/sbin/ip";

/**
 * A network namespace of its own for a browser whose navigator.onLine follows the default route
 * (WebKitGTK's GNetworkMonitor): loopback plus a link whose default route is taken away to
 * go offline. Nothing leaves it but Unix sockets (see netns-pipe.mjs).
 */
export type NetNamespace = {
  name: string;
  /** argv prefix that runs a command inside the namespace. */
  exec: string[];
  setDefaultRoute(present: boolean): void;
  remove(): void;
};

function ip(...args: string[]): void {
  execFileSync(IP_PATH, args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** Why a namespace cannot be made here (not root, no iproute2), or null. */
export function netnsMissingReason(): string | null {
  if (!fs.existsSync(IP_PATH)) return `${IP_PATH} is not installed (apt-get install iproute2)`;
  if (process.getuid?.() !== 0) return "creating a network namespace needs root";
  return null;
}

export function createNetns(): NetNamespace {
  const name = `vj-e2e-${process.pid}-${Date.now().toString(36)}`;
  ip("netns", "add", name);
  try {
    ip("-n", name, "link", "set", "lo", "up");
    // A veth pair with both ends inside (no dummy module in every kernel); nothing is routed out.
    ip("-n", name, "link", "add", "vjnet0", "type", "veth", "peer", "name", "vjnet1");
    ip("-n", name, "addr", "add", "10.77.0.2/24", "dev", "vjnet0");
    ip("-n", name, "link", "set", "vjnet0", "up");
    ip("-n", name, "link", "set", "vjnet1", "up");
  } catch (err) {
    ip("netns", "del", name);
    throw err;
  }
  const ns: NetNamespace = {
    name,
    exec: [IP_PATH, "netns", "exec", name],
    setDefaultRoute(present) {
      ip("-n", name, "route", present ? "replace" : "del", "default", "via", "10.77.0.1", "dev", "vjnet0");
    },
    remove() {
      ip("netns", "del", name);
    },
  };
  ns.setDefaultRoute(true);
  return ns;
}
