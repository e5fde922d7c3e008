import { QueryClient } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { collectionQueries } from "../src/features/collections/queries";
import { prefetchJournalView } from "../src/features/journal/prefetch-view";
import { viewedPeriod } from "../src/features/journal-view/use-journal-view";
import { noteQueries } from "../src/features/notes/queries";
import { summaryQueries } from "../src/features/summaries/queries";

const work: Domain = {
  id: "00000000-0000-4000-8000-000000000001",
  userId: "00000000-0000-4000-8000-00000000000a",
  name: "Work",
  slug: "work",
  description: null,
  primaryColor: "#3b82f6",
  isDefault: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};

/** The server's reads as the page makes them: the path and the query each asked for. */
function serverAnswering() {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    const path = url.split("?")[0];
    return new Response(JSON.stringify(path === "/api/domains" ? [work] : []), { status: 200 });
  });
  return asked;
}

const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
const settled = (queryClient: QueryClient) => vi.waitUntil(() => queryClient.isFetching() === 0, { timeout: 5000 });

/** Answers already in the cache for today's day view: the collection list, its notes and summaries. */
function cacheToday(queryClient: QueryClient) {
  const { period, periodKey } = viewedPeriod({});
  const scope = { domainId: work.id, period, periodKey };
  queryClient.setQueryData(collectionQueries.list().queryKey, [work]);
  queryClient.setQueryData(summaryQueries.list(scope).queryKey, []);
  queryClient.setQueryData(noteQueries.list(scope).queryKey, { pages: [{ notes: [], nextCursor: null }], pageParams: [null] });
}

afterEach(() => vi.unstubAllGlobals());

describe("the main screen's reads, started as its route resolves", () => {
  it("asks for the viewed week's notes and summaries when nothing is cached for it", async () => {
    const asked = serverAnswering();
    const queryClient = client();
    queryClient.setQueryData(collectionQueries.list().queryKey, [work]);
    prefetchJournalView(queryClient, work, { view: "week", date: "2026-11-25" });
    await settled(queryClient);
    expect(asked.map((url) => url.split("?")[0]).sort()).toEqual(["/api/summaries", "/api/voice-notes"]);
    const notes = asked.find((url) => url.startsWith("/api/voice-notes"))!;
    expect(new URL(notes, "http://x").searchParams.get("periodKey")).toBe("2026-W48");
    const scope = { domainId: work.id, period: "week" as const, periodKey: "2026-W48" };
    expect(queryClient.getQueryData(noteQueries.list(scope).queryKey)?.pages).toEqual([{ notes: [], nextCursor: null }]);
    expect(queryClient.getQueryData(summaryQueries.list(scope).queryKey)).toEqual([]);
  });

  it("asks again for restored answers that count as stale, the collection list among them", async () => {
    const asked = serverAnswering();
    const queryClient = client();
    cacheToday(queryClient);
    await queryClient.invalidateQueries({ refetchType: "none" });
    prefetchJournalView(queryClient, work, {});
    await settled(queryClient);
    expect(asked.map((url) => url.split("?")[0]).sort()).toEqual(["/api/domains", "/api/summaries", "/api/voice-notes"]);
  });

  it("leaves answers that are still fresh alone", async () => {
    const asked = serverAnswering();
    const queryClient = client();
    cacheToday(queryClient);
    prefetchJournalView(queryClient, work, {});
    await settled(queryClient);
    expect(asked).toEqual([]);
  });
});
