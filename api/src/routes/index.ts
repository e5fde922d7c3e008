import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { accountRoutes } from "./account.js";
import { createChatDeps } from "../chat/service.js";
import { resolveChatModel } from "../engines/chat/resolve.js";
import { chatRoutes } from "./chat.js";
import { domainRoutes } from "./domains.js";
import { eventRoutes } from "./events.js";
import { calendarRoutes, onThisDayRoutes } from "./journal-days.js";
import { localChangeFeed } from "../changes/change-feed.js";
import { portabilityRoutes } from "./portability.js";
import { pushRoutes, reminderRoutes } from "./reminders.js";
import { searchRoutes } from "./search.js";
import { summaryRoutes } from "./summaries.js";
import { summaryTypeRoutes } from "./summary-types.js";
import { voiceNoteRoutes } from "./voice-notes.js";

/** Every product route under /api; the bearer-token check runs before these. */
export function productRoutes(deps: AppDeps) {
  const ctx: ServiceContext = {
    db: deps.database.db,
    blobs: deps.blobs,
    config: deps.config,
    logger: deps.logger,
    summarizer: deps.engines.summarizer,
    wakeJobs: deps.wakeJobs,
  };
  return new Hono<AppEnv>()
    .route("/domains", domainRoutes(ctx))
    .route("/voice-notes", voiceNoteRoutes(ctx))
    .route("/summary-types", summaryTypeRoutes(ctx))
    .route("/summaries", summaryRoutes(ctx))
    .route("/search", searchRoutes(ctx))
    .route("/calendar", calendarRoutes(ctx))
    .route("/on-this-day", onThisDayRoutes(ctx))
    .route("/reminders", reminderRoutes(ctx))
    .route("/push", pushRoutes(ctx))
    .route("/events", eventRoutes(deps.changes ?? localChangeFeed()))
    .route("/chat", chatRoutes(ctx, createChatDeps(ctx, resolveChatModel(deps.config))))
    .route("/auth", accountRoutes(ctx))
    .route("/", portabilityRoutes(ctx));
}
