import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "../src/db/database.js";
import { databaseUrl, dbKinds, freshDatabase } from "./harness.js";
import { spawnApi, type ApiProcess } from "./support/api-process.js";
import { webmBytes } from "./support/audio.js";
import { noteForm } from "./support/multipart.js";
import { startS3TestServer, type S3TestServer } from "./support/s3-server.js";

// infra/: the compose file is what `docker-compose config` accepts, and the Dockerfile's steps
// are run here the same way (install and web build run in `npm test` itself; the API build and
// the compiled server's start, with its migrations, run below).

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");
const compose = path.join(repo, "infra/compose.yaml");
const envExample = path.join(repo, "infra/.env.example");

const composeConfig = (...args: string[]) => run("docker-compose", ["-f", compose, ...args], { cwd: repo });

describe("infra/compose.yaml", () => {
  test("is valid with the example settings and has the scaled shape", async () => {
    const { stdout: services } = await composeConfig("--env-file", envExample, "config", "--services");
    expect(services.trim().split("\n").sort()).toEqual(["api1", "api2", "caddy", "minio", "postgres", "whisper", "worker"]);

    const { stdout } = await composeConfig("--env-file", envExample, "config");
    // The Whisper server starts only when asked for (--profile whisper).
    expect(stdout).toMatch(/image: ghcr\.io\/speaches-ai\/speaches:[^\n]+\n {4}profiles:\n {4}- whisper\n/);
    // Two HTTP replicas and one worker, every one on PostgreSQL and the S3 bucket.
    expect(stdout.match(/^ {6}ROLE: api$/gm)).toHaveLength(2);
    expect(stdout.match(/^ {6}ROLE: worker$/gm)).toHaveLength(1);
    expect(stdout.match(/DATABASE_URL: postgres:\/\/voicejournal:/g)).toHaveLength(3);
    expect(stdout.match(/S3_ENDPOINT: http:\/\/minio:9000/g)).toHaveLength(3);
    expect(stdout).toContain("dockerfile: infra/Dockerfile");
  });

  test("refuses to start without the secrets it cannot invent", async () => {
    const empty = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vj-env-")), ".env");
    fs.writeFileSync(empty, "");
    const failed = await composeConfig("--env-file", empty, "config").then(
      () => null,
      (err: { stderr: string }) => err.stderr,
    );
    expect(failed).toMatch(/set (POSTGRES_PASSWORD|AUTH_JWT_SECRET|S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY|DOMAIN) in infra\/.env/);
  });
});

describe("infra/Dockerfile", () => {
  const dockerfile = fs.readFileSync(path.join(repo, "infra/Dockerfile"), "utf8");
  const runSteps = [...dockerfile.matchAll(/^RUN (pnpm .+)$/gm)].map((m) => m[1]);

  test("builds with the commands CI runs", () => {
    // npm test runs the first two (scripts/run.mjs); the API build runs in the test below.
    expect(runSteps).toEqual([
      "pnpm install --frozen-lockfile",
      "pnpm --filter @vj/web build",
      "pnpm --filter @vj/api build",
      "pnpm install --frozen-lockfile --prod --filter @vj/api...",
    ]);
    expect(dockerfile).toMatch(/^CMD \["node", "api\/dist\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/^FROM node:20|^ARG NODE_IMAGE=node:20-/m);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends ffmpeg/);
  });

  describe.runIf(dbKinds.includes("postgres"))("the compiled server", () => {
    let s3: S3TestServer;
    let database: Database;
    let server: ApiProcess | undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-compiled-"));

    beforeAll(async () => {
      s3 = await startS3TestServer();
      database = await freshDatabase("postgres");
    });
    afterAll(async () => {
      if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
      await s3.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test("`pnpm --filter @vj/api build`, then `node api/dist/main.js` migrates an empty database and serves notes from S3", async () => {
      await run("npx", ["-y", "pnpm@10.34.9", "--filter", "@vj/api", "build"], { cwd: repo });
      expect(fs.existsSync(path.join(repo, "api/dist/main.js"))).toBe(true);

      // An empty database, as on a first deployment: the migrations run at start.
      await sql`drop schema public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
      const bucket = await s3.bucket();
      server = await spawnApi(
        {
          ...bucket.env,
          DATABASE_URL: await databaseUrl(database),
          DATA_DIR: dataDir,
          AUTH_JWT_SECRET: "compiled-test-secret-that-is-long-enough-for-hs256",
          TRANSCRIBE_ENGINE: "none",
          WEB_DIST: path.join(dataDir, "no-web"),
        },
        ["dist/main.js"],
      );
      expect(server.logs.find((l) => l.msg === "migrations applied")).toBeTruthy();
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ ok: true, role: "all", audio: expect.stringContaining(bucket.settings.bucket) });

      const signUp = await fetch(`${server.url}/auth/v1/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "compiled@example.com", password: "secret-pass" }),
      });
      const headers = { authorization: `Bearer ${((await signUp.json()) as { access_token: string }).access_token}` };
      await fetch(`${server.url}/api/domains`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "Journal", primaryColor: "#3b82f6", isDefault: true, userId: "" }),
      });
      const up = await fetch(`${server.url}/api/voice-notes`, { method: "POST", headers, body: noteForm() });
      expect(up.status).toBe(201);
      const { id } = (await up.json()) as { id: string };
      const audio = await fetch(`${server.url}/api/voice-notes/${id}/audio`, { headers });
      expect(Buffer.from(await audio.arrayBuffer())).toEqual(webmBytes());
      expect(await bucket.keys()).toHaveLength(1);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }, 120_000);
  });
});
