import type { Period, ResponseLength } from "@vj/core";
import { useSyncExternalStore } from "react";

/**
 * Generations under way, shown as placeholder cards (SPEC §4). They are kept in localStorage, not
 * only in the mutation, because the server keeps writing a summary when the user leaves the tab
 * or the page: after a reload the placeholder comes back and the list polls until the summary
 * arrives, so nothing the user asked for silently disappears.
 */
export type PendingGeneration = {
  id: string;
  domainId: string;
  period: Period;
  periodKey: string;
  /** The heading and quote the placeholder shows (null: the general summary). */
  typeName: string | null;
  prompt: string | null;
  responseLength: ResponseLength;
  startedAt: number;
  /** The ids the list held when the request left, so a page that lost the reply can spot the new one. */
  knownIds: string[];
  /** The created summary's id once the reply came back; the placeholder goes when the list shows it. */
  resultId?: string;
};

export type GenerationScope = { domainId: string; period: Period; periodKey: string };

/** A generation this old has failed or been lost; its placeholder goes (a later list refresh still shows a late summary). */
export const PENDING_GENERATION_EXPIRY_MS = 3 * 60_000;

export function inScope(entry: PendingGeneration, scope: GenerationScope): boolean {
  return entry.domainId === scope.domainId && entry.period === scope.period && entry.periodKey === scope.periodKey;
}

/**
 * Whether the list now holds what a generation produced. `live` says the request is still awaited
 * by this page; one that is not (the page was reloaded, or another tab sent it) is done as soon as
 * any summary the list did not hold at its start appears.
 */
export function isResolved(entry: PendingGeneration, listIds: readonly string[], live: boolean): boolean {
  if (entry.resultId) return listIds.includes(entry.resultId);
  if (live) return false;
  return listIds.some((id) => !entry.knownIds.includes(id));
}

export function isExpired(entry: PendingGeneration, now: number): boolean {
  return now - entry.startedAt > PENDING_GENERATION_EXPIRY_MS;
}

const STORAGE_KEY = "voice-journal.pending-summaries";
/** Requests this page load sent and still awaits. */
const live = new Set<string>();
let entries: PendingGeneration[] = read();
const listeners = new Set<() => void>();

function read(): PendingGeneration[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as PendingGeneration[]).filter((e) => !isExpired(e, Date.now())) : [];
  } catch {
    return [];
  }
}

function commit(next: PendingGeneration[]): void {
  entries = next;
  try {
    if (next.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or blocked: the placeholders still work for this page.
  }
  for (const listener of listeners) listener();
}

/** Set once the page is going away: a request it cuts off may still be written on the server. */
let leaving = false;

if (typeof window !== "undefined") {
  // beforeunload comes before the browser cancels the page's requests; pagehide covers mobile tab discards.
  const markLeaving = () => {
    leaving = true;
  };
  window.addEventListener("beforeunload", markLeaving);
  window.addEventListener("pagehide", markLeaving);
  window.addEventListener("pageshow", () => {
    leaving = false;
  });
  // Another tab started or finished a generation.
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY) return;
    entries = read();
    for (const listener of listeners) listener();
  });
}

export const pendingGenerations = {
  /**
   * `awaited`: this page awaits the request's reply. A request the outbox sent has no reply here:
   * its placeholder goes when any summary the list did not hold appears.
   */
  start(entry: Omit<PendingGeneration, "id" | "startedAt">, awaited = true): string {
    const id = `gen-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    if (awaited) live.add(id);
    commit([...entries, { ...entry, id, startedAt: Date.now() }]);
    return id;
  },
  succeeded(id: string, resultId: string): void {
    live.delete(id);
    commit(entries.map((e) => (e.id === id ? { ...e, resultId } : e)));
  },
  remove(id: string): void {
    live.delete(id);
    commit(entries.filter((e) => e.id !== id));
  },
  /**
   * The request failed. If the page is unloading, the browser cut it off but the server keeps
   * writing: the entry stays for the next page load to wait for. Otherwise its placeholder goes.
   */
  failed(id: string): void {
    if (leaving) return;
    pendingGenerations.remove(id);
  },
  /** Drops the entries of a scope that the list now shows, or that have expired. */
  settle(scope: GenerationScope, listIds: readonly string[]): void {
    const now = Date.now();
    const next = entries.filter((e) => !(inScope(e, scope) && (isResolved(e, listIds, live.has(e.id)) || isExpired(e, now))));
    if (next.length !== entries.length) commit(next);
  },
  isLive: (id: string) => live.has(id),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Every pending generation (filter by scope in the caller: a new array per scope would re-render forever). */
export function usePendingGenerations(): PendingGeneration[] {
  return useSyncExternalStore(subscribe, () => entries, () => entries);
}
