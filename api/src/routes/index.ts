import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../app-env.js";
import type { ServiceContext } from "../services/context.js";
import { accountRoutes } from "./account.js";
import { accountInfoRoutes, signupPolicyRoutes } from "./account-info.js";
import { adminRoutes } from "./admin.js";
import { assistantRoutes } from "./assistant-tokens.js";
import { oauthConsentRoutes } from "./oauth-consent.js";
import { instanceControlOf } from "../instance/control.js";
import { instanceState } from "../services/instance-state.js";
import { createChatDeps } from "../chat/service.js";
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

/** The services' context of an app: one per deps, so every route of one app shares it. */
export function serviceContext(deps: AppDeps): ServiceContext {
  return {
    db: deps.database.db,
    blobs: deps.blobs,
    config: deps.config,
    logger: deps.logger,
    summarizer: deps.engines.summarizer,
    wakeJobs: deps.wakeJobs,
    instance: instanceControlOf(deps),
    // Whatever this process keeps of the account goes at once: its open events streams end too.
    onAccountRevoked: (userId) => {
      deps.onAccountRevoked?.(userId);
      deps.changes?.endUser(userId);
    },
    onOutboxReplay: () => deps.metrics?.outboxReplay(),
  };
}

/** Every product route under /api; the bearer-token check runs before these. */
export function productRoutes(deps: AppDeps, state: () => Promise<object> = () => instanceState(deps)) {
  const ctx = serviceContext(deps);
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
    .route("/chat", chatRoutes(ctx, createChatDeps(ctx, deps.engines)))
    .route("/auth", accountRoutes(ctx))
    .route("/account", accountInfoRoutes(ctx))
    .route("/admin", adminRoutes(ctx, state))
    .route("/assistants", assistantRoutes(ctx))
    .route("/oauth", oauthConsentRoutes(ctx))
    .route("/", portabilityRoutes(ctx));
}

/** The product routes that need no token (mounted before the bearer check); in the OpenAPI document like the others. */
export function publicProductRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().route("/signup-policy", signupPolicyRoutes(serviceContext(deps)));
}
