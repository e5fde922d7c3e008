import { Hono } from "hono";
import { sql } from "kysely";
import type { AppDeps } from "../app-env.js";
import { describeBlobStore } from "../storage/index.js";

export function healthRoutes(deps: AppDeps) {
  return new Hono().get("/", async (c) => {
    let db: "ok" | "down" = "ok";
    try {
      await sql`select 1`.execute(deps.database.db);
    } catch {
      db = "down";
    }
    const engines = deps.engines.info;
    return c.json(
      {
        ok: db === "ok",
        db: { kind: deps.database.kind, status: db },
        transcription: engines.transcription,
        summaries: engines.summaries,
        warnings: engines.warnings,
        role: deps.config.ROLE,
        audio: describeBlobStore(deps.config),
      },
      db === "ok" ? 200 : 503,
    );
  });
}
