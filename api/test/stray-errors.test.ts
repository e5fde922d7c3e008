import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawnApi, type ApiProcess } from "./support/api-process.js";

// The decision for an error nothing handled (src/http/stray-errors.ts): logged with its request,
// that request answered 500 in the one error shape, and the server keeps serving.

describe("an error nothing handled", () => {
  let server: ApiProcess;
  beforeAll(async () => {
    server = await spawnApi({}, ["--import", "tsx", "test/support/stray-error-server.ts"]);
  }, 60_000);
  afterAll(async () => {
    server.child.kill("SIGKILL");
    await server.exited;
  });

  test.each(["/emit-later", "/reject-later"])("%s: its request answers 500, the log names the request, the server keeps serving", async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("internal");
    const line = server.logs.find((l) => l.path === path && l.msg === "unhandled error: the server keeps serving");
    expect(line).toMatchObject({ level: 50, method: "GET" });
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/ok`)).status).toBe(200);
  });
});
