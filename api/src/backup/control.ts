import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Logger } from "../logger.js";
import type { TakenBackup } from "./take.js";

/**
 * `npm run backup` while the app runs: PGlite's data folder is opened by one process only, so
 * the running server takes the backup, asked over a Unix socket in DATA_DIR (only who can read
 * DATA_DIR can ask). The server also writes its pid there, so the command can tell a running
 * server it cannot reach from one that is not running.
 */
export const CONTROL_SOCKET = "control.sock";
export const SERVER_PID = "server.pid";

export async function serveControlSocket(dataDir: string, backup: (dir: string | undefined) => Promise<TakenBackup>, logger: Logger) {
  const socket = path.join(dataDir, CONTROL_SOCKET);
  fs.writeFileSync(path.join(dataDir, SERVER_PID), String(process.pid));
  // Unix socket paths are limited to ~107 bytes.
  if (Buffer.byteLength(socket) > 100) {
    logger.warn({ socket }, "DATA_DIR's path is too long for the control socket: `npm run backup` cannot reach this server");
    return { close: async () => fs.rmSync(path.join(dataDir, SERVER_PID), { force: true }) };
  }
  fs.rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || !req.url?.startsWith("/backup")) {
      res.writeHead(404).end();
      return;
    }
    const dir = new URL(req.url, "http://control").searchParams.get("dir") ?? undefined;
    backup(dir).then(
      (taken) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(taken)),
      (err: unknown) => res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: (err as Error).message })),
    );
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  fs.chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socket, { force: true });
        fs.rmSync(path.join(dataDir, SERVER_PID), { force: true });
      }),
  };
}

/** Asks the running server for a backup; undefined when no server listens on DATA_DIR's socket. */
export function requestBackup(dataDir: string, dir: string | undefined): Promise<TakenBackup | undefined> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: path.join(dataDir, CONTROL_SOCKET), method: "POST", path: `/backup${dir ? `?dir=${encodeURIComponent(dir)}` : ""}` },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => {
          const parsed = JSON.parse(body) as TakenBackup & { error?: string };
          if (res.statusCode === 200) resolve(parsed);
          else reject(new Error(parsed.error ?? `the server answered ${res.statusCode}`));
        });
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "ENOENT" || err.code === "ECONNREFUSED" ? resolve(undefined) : reject(err)));
    req.end();
  });
}

/** Whether a server process named in DATA_DIR/server.pid is alive. */
export function serverRunning(dataDir: string): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, SERVER_PID), "utf8").trim());
    if (!pid) return false;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
