import type { QueryClient } from "@tanstack/react-query";
import type { AuthStore } from "../auth/auth-store";
import { mirrorAuthSession } from "./mirror-auth-session";
import { outboxDb } from "./outbox-db";
import { startPageOutbox, type PageOutboxDeps } from "./page-outbox";

/**
 * The outbox's start in the page, loaded by main.tsx after the first screen (Dexie and the upload
 * client are not part of the first load). The service worker replays with the access token the
 * page mirrors into IndexedDB (it cannot read localStorage); once the session is known, interrupted
 * recordings are recovered and what waits is sent (SPEC §4, DESIGN §8).
 */
export function startOutboxInPage({ auth, queryClient, getAccessToken }: PageOutboxDeps & { auth: AuthStore }): void {
  mirrorAuthSession(auth, outboxDb());
  void auth.ready().then(() => startPageOutbox({ queryClient, getAccessToken }));
}
