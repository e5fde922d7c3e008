import { useQuery } from "@tanstack/react-query";
import { FolderPlus, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { CollectionCard, CollectionCardSkeleton } from "./collection-card";
import { NewCollectionDialog } from "./new-collection-dialog";
import { collectionsWithChanges } from "./offline-create";
import { collectionQueries } from "./queries";
import { pickCollection, readLastSelected } from "./selection";
import { isUnsentCreate, syncMarks } from "../outbox/overlay";
import { usePendingChangesRead } from "../outbox/use-outbox";

/** /collections (SPEC §2): every collection with its figures, and "New Collection". */
export function CollectionsPage() {
  const collections = useQuery(collectionQueries.list());
  // The person's waiting creates, edits and deletes over what the server last said.
  const read = usePendingChangesRead();
  const changes = read ?? [];
  const marks = syncMarks(changes);
  const list = collectionsWithChanges(collections.data ?? [], changes);
  // The card marked current is the one "/" would open (and the header names).
  const current = pickCollection(list, readLastSelected());
  const [creating, setCreating] = useState(false);

  return (
    <>
      <main className="mx-auto w-full max-w-5xl px-4 pb-[calc(3rem+env(safe-area-inset-bottom))] pt-8 sm:px-6 sm:pt-10">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Voice Collections</h1>
            <p className="mt-1 text-slate-600">Organize your recordings by category or purpose</p>
          </div>
          <Button onClick={() => setCreating(true)} className="self-start sm:self-auto">
            <Plus className="size-4" aria-hidden />
            New Collection
          </Button>
        </div>
        {collections.isPending || read === undefined ? (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <CollectionCardSkeleton />
            <CollectionCardSkeleton />
            <CollectionCardSkeleton />
          </ul>
        ) : list.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <FolderPlus className="mx-auto size-10 text-slate-400" aria-hidden />
            <p className="mt-3 font-medium text-slate-900">No collections yet</p>
            <p className="mt-1 text-sm text-slate-600">Create one to start recording.</p>
          </div>
        ) : (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((c) => (
              <CollectionCard
                key={c.id}
                collection={c}
                isCurrent={c.id === current?.id}
                mark={marks.get(`collection:${c.id}`)}
                unsent={isUnsentCreate(changes, "collection", c.id)}
                changes={changes}
              />
            ))}
          </ul>
        )}
      </main>
      <NewCollectionDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
