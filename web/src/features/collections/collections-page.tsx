import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { AppHeader } from "../journal/app-header";
import { collectionQueries } from "./queries";
import { pickCollection, readLastSelected } from "./selection";

/** /collections (SPEC §2) — placeholder until the collections work lands. */
export function CollectionsPage() {
  const collections = useQuery(collectionQueries.list());
  const current = pickCollection(collections.data ?? [], readLastSelected());
  return (
    <div className="min-h-dvh bg-slate-50">
      <AppHeader current={current} />
      <main className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-semibold">Voice Collections</h1>
        <ul>
          {(collections.data ?? []).map((c) => (
            <li key={c.id}>
              <Link to="/$slug" params={{ slug: c.slug }}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
