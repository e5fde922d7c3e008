import http from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "./harness.js";

// A proxy or client reusing an idle connection must find it open: the server keeps it longer
// than they wait (60 s at nginx and most load balancers), and says so in its answer.
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer("pglite");
});
afterAll(() => server.close());

test("an idle keep-alive connection is kept 65 s, longer than a proxy in front waits", async () => {
  const agent = new http.Agent({ keepAlive: true });
  try {
    const header = await new Promise<string | undefined>((resolve, reject) => {
      http.get(`${server.url}/api/health`, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers["keep-alive"] as string | undefined));
      }).on("error", reject);
    });
    expect(header).toBe("timeout=65");
  } finally {
    agent.destroy();
  }
});
