import type { QueryClient } from "@tanstack/react-query";
import type { AuthStore } from "../auth/auth-store";
import { nextTask } from "../../lib/next-task";
import { mirrorAuthSession } from "./mirror-auth-session";
import { outboxDb } from "./outbox-db";
import { replayForNewPerson, startPageOutbox, type PageOutboxDeps } from "./page-outbox";
import { parkOutboxWhenHidden } from "./park-on-pagehide";

/**
 * The outbox's start in the page, called by main.tsx once the first screen has rendered (Dexie and
 * the upload client are not part of a visitor's load). The service worker replays with the access token the
 * page mirrors into IndexedDB (it cannot read localStorage); once the session is known, interrupted
 * recordings are recovered and what waits is sent (SPEC §4, DESIGN §8).
 */
export function startOutboxInPage({ auth, ...deps }: PageOutboxDeps & { auth: AuthStore }): void {
  parkOutboxWhenHidden(outboxDb());
  const mirror = mirrorAuthSession(auth, outboxDb());
  // In a later task than the database's opening (the copy's write opens it): each is a task of its own.
  void Promise.all([auth.ready(), mirror.flushed()])
    .then(nextTask)
    .then(() => {
      startPageOutbox(deps);
      // A person signing in again on this browser (after another one, or after signing out): what
      // waits of theirs is sent at once, with their session, once the worker's copy has it too.
      let person = auth.getState().user?.id ?? null;
      auth.subscribe(() => {
        const { user, loading } = auth.getState();
        const next = loading ? person : (user?.id ?? null);
        if (next === person) return;
        person = next;
        if (next) void mirror.flushed().then(() => replayForNewPerson()).catch((err: unknown) => console.warn("outbox replay failed", err));
      });
    });
}
