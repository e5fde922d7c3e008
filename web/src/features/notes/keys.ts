import type { Period } from "@vj/core";

// Its own module, with no imports to speak of: the app's entry hands these keys to the outbox
// (main.tsx) without loading the notes' queries.

export type NotesScope = { domainId: string; period: Period; periodKey: string };

/** ["voice-notes"] ⊃ ["voice-notes", domainId] ⊃ one period's list: uploads invalidate by prefix. */
export const noteKeys = {
  all: ["voice-notes"] as const,
  collection: (domainId: string) => [...noteKeys.all, domainId] as const,
  list: ({ domainId, period, periodKey }: NotesScope) => [...noteKeys.collection(domainId), period, periodKey] as const,
};
