import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Database } from "../src/db/database.js";
import { databaseUrl, dbKinds, freshDatabase } from "./harness.js";
import { spawnApi, type ApiProcess } from "./support/api-process.js";

// A hostile or unlucky client of POST /api/import (a body that ends inside its part, a phone that
// loses its connection halfway) gets a 4xx or nothing, and the server goes on serving everyone;
// an import's temporary file lives under DATA_DIR, so a restart after kill -9 leaves none behind.
// The server runs as its own process: a stream error nothing handles would end it.

const importTemps = (dataDir: string) => {
  const dir = path.join(dataDir, "imports");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : [];
};

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server answers a health check (it is alive and serving). */
async function serving(p: ApiProcess): Promise<boolean> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return false;
  try {
    return (await fetch(`${p.url}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/** Starts an import whose zip part keeps streaming until the request is destroyed. */
function endlessImport(url: string, token: string): http.ClientRequest {
  const boundary = `----vj${crypto.randomUUID()}`;
  const req = http.request(`${url}/api/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  req.on("error", () => undefined); // destroyed, or the server is killed mid-request
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="journal.zip"\r\nContent-Type: application/zip\r\n\r\nPK`);
  const chunk = Buffer.alloc(256 * 1024, 7);
  const timer = setInterval(() => req.write(chunk), 20);
  req.on("close", () => clearInterval(timer));
  return req;
}

describe.each(dbKinds)("POST /api/import as its own process on %s", (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-import-proc-"));
  const processes: ApiProcess[] = [];
  let database: Database | undefined;
  let env: Record<string, string>;
  let server: ApiProcess;
  let token = "";

  afterAll(async () => {
    for (const p of processes) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill("SIGKILL");
      await p.exited;
    }
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const raw = (body: string, name = "file") =>
    fetch(`${server.url}/api/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=BND" },
      body: body.replace('name="file"', `name="${name}"`),
    });
  const truncated = `--BND\r\nContent-Disposition: form-data; name="file"; filename="x.zip"\r\nContent-Type: application/zip\r\n\r\nPK`;

  test("a body that ends inside its part answers 400 and the server goes on serving", async () => {
    env = {
      DATA_DIR: dataDir,
      AUTH_JWT_SECRET: "import-test-secret-that-is-long-enough-for-hs256",
      TRANSCRIBE_ENGINE: "none",
      WEB_DIST: path.join(dataDir, "no-web"),
      CRASH_SWEEP_AGE_SECONDS: "1",
    };
    if (kind === "postgres") {
      database = await freshDatabase("postgres");
      env.DATABASE_URL = await databaseUrl(database);
    }
    server = await spawnApi(env);
    processes.push(server);
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `import${Date.now()}@example.com`, password: "secret-pass" }),
    });
    token = ((await signUp.json()) as { access_token: string }).access_token;

    const res = await raw(truncated);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    await new Promise((r) => setTimeout(r, 200));
    expect(await serving(server)).toBe(true);
  }, 240_000);

  test("the same with a part of another name", async () => {
    const res = await raw(truncated, "other");
    expect(res.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(await serving(server)).toBe(true);
  });

  test("an upload whose connection drops halfway ends quietly; the server goes on serving and keeps no temporary", async () => {
    const req = endlessImport(server.url, token);
    await until(() => importTemps(dataDir).some((f) => fs.existsSync(f) && fs.statSync(f).size > 512 * 1024), 20_000);
    req.destroy();
    await until(() => importTemps(dataDir).length === 0, 10_000);
    expect(await serving(server)).toBe(true);
  }, 60_000);

  test("kill -9 mid-import, then a restart leaves no import temporary anywhere", async () => {
    endlessImport(server.url, token);
    await until(() => importTemps(dataDir).some((f) => fs.existsSync(f) && fs.statSync(f).size > 512 * 1024), 20_000);
    server.child.kill("SIGKILL");
    expect(await server.exited).toBe("SIGKILL");
    expect(importTemps(dataDir).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1100));
    const second = await spawnApi(env);
    processes.push(second);
    await until(() => second.logs.some((l) => l.msg === "removed import or export temporaries a crash left behind"), 20_000);
    expect(importTemps(dataDir)).toEqual([]);
    expect(await serving(second)).toBe(true);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 240_000);
});
