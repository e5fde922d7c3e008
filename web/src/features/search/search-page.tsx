import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { formatDuration, type Domain, type SearchHit } from "@vj/core";
import { CloudOff, SearchX, Search as SearchIcon, TextSearch } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { MessageCard } from "../../components/ui/message-card";
import { Spinner } from "../../components/ui/spinner";
import { browserTimeZone } from "../../lib/api-client";
import { collectionQueries } from "../collections/queries";
import { noteLink, summaryLink } from "../journal-view/links";
import { useOnline } from "../../lib/use-online";
import { usePendingChangesRead, usePendingUploads } from "../outbox/use-outbox";
import { collectionsWithChanges } from "../collections/offline-create";
import { groupHitsByDay, snippetParts } from "./group-by-day";
import { hitsWithChanges } from "./hits-with-changes";
import { searchQueries } from "./queries";

/** Typing settles this long before the URL (and so the request) follows. */
const DEBOUNCE_MS = 250;

/** /search?q=… (DESIGN §12): every collection's notes and summaries, found as the person types. */
export function SearchPage({ q }: { q: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const collections = useQuery(collectionQueries.list());

  // The URL follows the typing (replacing, so back leaves the screen) and the query follows the URL.
  useEffect(() => {
    if (text.trim() === q.trim()) return;
    const timer = setTimeout(() => void navigate({ to: "/search", search: text.trim() ? { q: text } : {}, replace: true }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, navigate]);
  // Back and forward change the URL under the field.
  const lastQ = useRef(q);
  useEffect(() => {
    if (q !== lastQ.current) setText(q);
    lastQ.current = q;
  }, [q]);

  return (
    <main className="mx-auto w-full max-w-3xl px-4 pb-[calc(3rem+env(safe-area-inset-bottom))] pt-5 sm:px-6 sm:pt-8">
        <h1 className="sr-only">Search</h1>
        <form role="search" onSubmit={(e) => e.preventDefault()} className="relative">
          <label htmlFor="journal-search" className="sr-only">
            Search your journal
          </label>
          <SearchIcon className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            id="journal-search"
            type="search"
            autoFocus
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search notes and summaries"
            className="h-12 w-full rounded-xl border border-slate-300 bg-white pl-11 pr-4 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30"
          />
        </form>
        <div className="mt-5">
          <SearchResults q={q.trim()} collections={collections.data ?? []} />
        </div>
      </main>
  );
}

function SearchResults({ q, collections }: { q: string; collections: readonly Domain[] }) {
  const online = useOnline();
  const pending = usePendingUploads();
  // Changes made here and not sent yet (the server may be out of reach while the browser counts
  // itself online): no result shows before they are read, so a note deleted here never flashes by.
  const changes = usePendingChangesRead();
  const results = useInfiniteQuery({ ...searchQueries.results(q), enabled: q !== "" && online });
  const timeZone = browserTimeZone();

  if (q === "") {
    return (
      <MessageCard icon={TextSearch} title="Search everything you said">
        <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
          Titles, transcripts and summaries in every collection. Put words in quotes to find a phrase.
        </p>
      </MessageCard>
    );
  }
  // Offline nothing is shown as if it were an answer: results kept from before could be stale.
  if (!online) {
    return (
      <MessageCard icon={CloudOff} title="Search needs a connection">
        <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
          You're offline. Your notes are safe on this device; search again when you're back online.
        </p>
      </MessageCard>
    );
  }
  if (results.isPending || changes === undefined) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
        <Spinner className="size-4" />
        Searching...
      </p>
    );
  }
  if (results.isError) {
    return (
      <MessageCard icon={SearchX} tone="red" title="Search failed">
        <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">{results.error.message}</p>
        <button
          type="button"
          onClick={() => void results.refetch()}
          className="mt-4 h-10 rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          Try again
        </button>
      </MessageCard>
    );
  }
  const hits = hitsWithChanges(results.data.pages.flatMap((p) => p.hits), changes);
  const waiting = pending?.length ?? 0;
  if (hits.length === 0) {
    return (
      <MessageCard icon={SearchX} title={`No notes match “${q}”`}>
        <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
          Every word must appear. Try fewer words, or put a phrase in quotes, like “walk in the park”.
        </p>
        {waiting > 0 ? (
          <p className="mx-auto mt-3 max-w-sm text-sm font-medium text-amber-800" data-testid="search-outbox-hint">
            {waiting === 1
              ? "1 recording is still waiting to upload; it can be searched once it is uploaded and transcribed."
              : `${waiting} recordings are still waiting to upload; they can be searched once they are uploaded and transcribed.`}
          </p>
        ) : null}
      </MessageCard>
    );
  }
  const byId = new Map(collectionsWithChanges(collections, changes).map((c) => [c.id, c]));
  return (
    <div className="space-y-6">
      <p className="sr-only" role="status">
        {results.hasNextPage ? `More than ${hits.length} results` : `${hits.length} ${hits.length === 1 ? "result" : "results"}`}
      </p>
      {groupHitsByDay(hits, timeZone).map((group) => (
        <section key={group.dayKey} aria-labelledby={`day-${group.dayKey}`}>
          <h2 id={`day-${group.dayKey}`} className="mb-2 px-1 text-sm font-semibold text-slate-500">
            {group.label}
          </h2>
          <ul className="space-y-2">
            {group.hits.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`}>
                <HitCard hit={hit} collection={byId.get(hit.domainId) ?? null} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {results.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
            className="inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60"
          >
            {results.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            Show more results
          </button>
        </div>
      ) : null}
    </div>
  );
}

const timeFormat = (timeZone: string) => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone });

function HitCard({ hit, collection, timeZone }: { hit: SearchHit; collection: Domain | null; timeZone: string }) {
  const navigate = useNavigate();
  const open = () => {
    if (!collection) return;
    void navigate(hit.kind === "note" ? noteLink(collection, hit, timeZone) : summaryLink(collection, hit));
  };
  const meta = [
    timeFormat(timeZone).format(new Date(hit.createdAt)),
    hit.kind === "note" ? formatDuration(hit.duration) : `${hit.period[0]!.toUpperCase()}${hit.period.slice(1)} summary`,
  ];
  return (
    <button
      type="button"
      onClick={open}
      disabled={!collection}
      data-testid="search-hit"
      className="block w-full rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm shadow-slate-200/60 transition-colors hover:border-brand-300 hover:bg-brand-50/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <span className="inline-flex min-w-0 items-center gap-1.5 font-medium text-slate-700">
          <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: collection?.primaryColor ?? "#94a3b8" }} aria-hidden />
          <span className="max-w-[12rem] truncate">{collection?.name ?? "Collection"}</span>
        </span>
        {meta.map((m) => (
          <span key={m} className="before:mr-2 before:content-['·']">
            {m}
          </span>
        ))}
      </span>
      <span className="mt-1.5 block font-semibold text-slate-900 [overflow-wrap:anywhere]">{hit.title}</span>
      {hit.snippet ? (
        <span className="mt-1 block text-sm leading-6 text-slate-600 [overflow-wrap:anywhere]" data-testid="search-snippet">
          {snippetParts(hit.snippet, hit.highlights).map((part, i) =>
            part.marked ? (
              <mark key={i} className="rounded bg-amber-100 px-0.5 text-slate-900">
                {part.text}
              </mark>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </span>
      ) : null}
    </button>
  );
}
