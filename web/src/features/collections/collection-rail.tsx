import { useQueries, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { Domain } from "@vj/core";
import { cn } from "../../lib/cn";
import { figuresWithoutDeleted, isUnsentCreate } from "../outbox/overlay";
import { usePendingChanges } from "../outbox/use-outbox";
import { collectionsWithChanges } from "./offline-create";
import { collectionQueries } from "./queries";
import { rememberSelected } from "./selection";

/**
 * The collections as a list to switch between, each with its colour and its number of recordings
 * (the desktop rail): as the person left them, with what they changed here and the server has not
 * taken yet (a new collection, a new name, one deleted, a note deleted).
 */
export function CollectionRail({ current }: { current: Domain }) {
  const changes = usePendingChanges();
  const collections = collectionsWithChanges(useQuery(collectionQueries.list()).data ?? [], changes);
  // A collection the server does not know yet has no figures to ask for.
  const stats = useQueries({
    queries: collections.map((c) => ({ ...collectionQueries.stats(c.id), enabled: !isUnsentCreate(changes, "collection", c.id) })),
  });
  return (
    <nav aria-label="Collections">
      <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Collections</h2>
      <ul className="mt-2 flex flex-col gap-0.5">
        {collections.map((c, i) => {
          const isCurrent = c.id === current.id;
          const figures = stats[i]?.data;
          const count = figures && figuresWithoutDeleted(figures, c.id, changes).totalRecordings;
          return (
            <li key={c.id}>
              <Link
                to="/$slug"
                params={{ slug: c.slug }}
                onClick={() => rememberSelected(c.id)}
                aria-current={isCurrent ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2.5 rounded-lg px-2 py-2 text-sm text-slate-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                  isCurrent && "bg-white font-semibold text-slate-900 shadow-sm",
                )}
              >
                <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: c.primaryColor }} aria-hidden />
                <span className="min-w-0 flex-1 truncate">{c.name}</span>
                {count !== undefined ? (
                  <span className="text-xs tabular-nums text-slate-500">
                    {count}
                    <span className="sr-only"> {count === 1 ? "recording" : "recordings"}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
