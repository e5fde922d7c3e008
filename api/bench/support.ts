/**
 * Shared pieces of the benchmark scripts: a compiled API process, a closed-loop load generator
 * and table printing. Benchmarks print tables; they are never tests (DESIGN §11).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { apiBuildIsStale, buildApi, outfile } from "../scripts/build.mjs";

export const apiDir = path.resolve(import.meta.dirname, "..");

export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** The compiled server (built first when stale) as its own process, as production runs it. */
export async function startCompiledApi(
  env: Record<string, string>,
  nodeArgs: string[] = (process.env.BENCH_API_NODE_ARGS ?? "").split(" ").filter(Boolean),
): Promise<{ child: ChildProcess; url: string; stop(): Promise<void> }> {
  if (apiBuildIsStale()) await buildApi();
  const port = await freePort();
  // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under the load.
  const child = spawn(process.execPath, [...nodeArgs, outfile], {
    cwd: apiDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", TRANSCRIBE_ENGINE: "none", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("API not healthy within 120 s");
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** GET over a keep-alive connection; the body's byte count as it crossed the wire. */
export function httpGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => resolve({ status: res.statusCode!, bytes, headers: res.headers }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  count: number;
  /**
   * CPU milliseconds per operation spent by this process (the load generator: `bench`) and by
   * whatever `cpu` reports (see processCpuSeconds), over the measured window.
   */
  cpuMsPerOp: Record<string, number>;
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc; NaN where that cannot be
 * read (not Linux, or a process on another machine).
 */
export function processCpuSeconds(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 Hz).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * `concurrency` callers, each issuing `op` back to back for `seconds` after a short warm-up.
 * `cpu` (optional) reports cumulative CPU seconds by name, read at the start and end of the
 * measured window; a name first seen at the end (a connection opened meanwhile) counts from 0.
 */
export async function closedLoop(
  op: () => Promise<unknown>,
  opts: { seconds: number; concurrency: number; cpu?: () => Promise<Record<string, number>> },
): Promise<LoadResult> {
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) await op();
  const latencies: number[] = [];
  const cpuBefore = (await opts.cpu?.()) ?? {};
  const ownBefore = process.cpuUsage();
  const end = performance.now() + opts.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = (await opts.cpu?.()) ?? {};
  const count = latencies.length;
  const cpuMsPerOp: Record<string, number> = { bench: (own.user + own.system) / 1000 / count };
  for (const [name, seconds] of Object.entries(cpuAfter)) cpuMsPerOp[name] = ((seconds - (cpuBefore[name] ?? 0)) * 1000) / count;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { rps: count / elapsed, p50: at(0.5), p99: at(0.99), count, cpuMsPerOp };
}

export function printTable(rows: (string | number)[][]): void {
  const text = rows.map((r) => r.map(String));
  const widths = text[0]!.map((_, i) => Math.max(...text.map((r) => (r[i] ?? "").length)));
  for (const [n, r] of text.entries()) {
    console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
}

/** Benchmarks share this machine with other work: every table says how busy it was. */
export function machineNote(): string {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores, load average ${one!.toFixed(1)} (1 min) ${five!.toFixed(1)} (5 min)`;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A new account with one default collection on a running API: what every benchmark starts from. */
export async function benchAccount(apiUrl: string): Promise<{ token: string; userId: string; auth: Record<string, string>; domainId: string }> {
  const signup = await fetch(`${apiUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`, password: "bench-password" }),
  });
  const session = (await signup.json()) as { access_token: string; user: { id: string } };
  const auth = { authorization: `Bearer ${session.access_token}` };
  const domain = (await (
    await fetch(`${apiUrl}/api/domains`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench", primaryColor: "#3b82f6", isDefault: true, userId: "" }),
    })
  ).json()) as { id: string };
  return { token: session.access_token, userId: session.user.id, auth, domainId: domain.id };
}
