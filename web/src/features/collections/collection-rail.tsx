import { useQueries, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { Domain } from "@vj/core";
import { cn } from "../../lib/cn";
import { collectionQueries } from "./queries";
import { rememberSelected } from "./selection";

/** The collections as a list to switch between, each with its colour and its number of recordings (the desktop rail). */
export function CollectionRail({ current }: { current: Domain }) {
  const collections = useQuery(collectionQueries.list()).data ?? [];
  const stats = useQueries({ queries: collections.map((c) => collectionQueries.stats(c.id)) });
  return (
    <nav aria-label="Collections">
      <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Collections</h2>
      <ul className="mt-2 flex flex-col gap-0.5">
        {collections.map((c, i) => {
          const isCurrent = c.id === current.id;
          const count = stats[i]?.data?.totalRecordings;
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
