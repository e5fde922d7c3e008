import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { Domain, DomainStats } from "@vj/core";
import { ArrowRight, CheckCircle2, Clock, Download, Mic, Pencil, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { IconButton } from "../../components/ui/icon-button";
import type { PendingChange } from "../outbox/outbox-db";
import { figuresWithoutDeleted, type SyncMark } from "../outbox/overlay";
import { ChangeProblem, WaitingToSync } from "../outbox/sync-marks";
import { useDeleteCollection } from "./mutations";
import { NewCollectionDialog } from "./new-collection-dialog";
import { useExportJournal } from "../portability/mutations";
import { collectionQueries } from "./queries";
import { rememberSelected } from "./selection";
import { lastRecordingText, totalMinutes } from "./stats-text";

/** A collection the server does not have yet holds nothing the server has. */
const NO_FIGURES: DomainStats = { totalRecordings: 0, totalDuration: 0, transcribedCount: 0, recentRecording: "" };

/** One collection on /collections (SPEC §2): colour, name, description, its figures, and the way in. */
export function CollectionCard({
  collection,
  isCurrent,
  mark,
  unsent = false,
  changes,
}: {
  collection: Domain;
  isCurrent: boolean;
  /** Where its waiting change stands: marked while it waits, the reason and the choices when refused. */
  mark?: SyncMark;
  /** Created on this device and not on the server yet: it has no figures to ask for, only none. */
  unsent?: boolean;
  /** The person's waiting changes, as the page read them: a note deleted here leaves the figures. */
  changes: readonly PendingChange[];
}) {
  const asked = useQuery({ ...collectionQueries.stats(collection.id), enabled: !unsent });
  const stats = unsent
    ? { data: NO_FIGURES, isError: false }
    : { data: asked.data && figuresWithoutDeleted(asked.data, collection.id, changes), isError: asked.isError };
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCollection();
  const navigate = useNavigate();
  const exporting = useExportJournal();
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="collection-card">
      <div className="flex items-start gap-3">
        <span className="mt-1.5 size-3.5 shrink-0 rounded-full ring-4 ring-slate-50" style={{ backgroundColor: collection.primaryColor }} aria-hidden />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{collection.name}</h2>
            {isCurrent ? <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">Current</span> : null}
            {mark?.status === "waiting" ? <WaitingToSync /> : null}
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-slate-600 [overflow-wrap:anywhere]">
            {collection.description || <span className="text-slate-500">No description</span>}
          </p>
        </div>
        <div className="-mr-1.5 -mt-1 flex shrink-0">
          <IconButton aria-label={`Edit ${collection.name}`} onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden />
          </IconButton>
          <IconButton tone="danger" aria-label={`Delete ${collection.name}`} onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        </div>
      </div>
      {mark && mark.status !== "waiting" ? <ChangeProblem mark={mark} /> : null}
      <div className="mt-5 flex-1">
        {stats.data ? (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              <Figure icon={<Mic className="size-4" aria-hidden />} label="Recordings" value={stats.data.totalRecordings} />
              <Figure icon={<Clock className="size-4" aria-hidden />} label="Minutes" value={totalMinutes(stats.data.totalDuration)} />
              <Figure icon={<CheckCircle2 className="size-4" aria-hidden />} label="Transcribed" value={stats.data.transcribedCount} />
            </dl>
            <p className="mt-3 text-sm text-slate-500">{lastRecordingText(stats.data.recentRecording)}</p>
          </>
        ) : stats.isError ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-500">Figures unavailable right now.</p>
        ) : (
          <StatsSkeleton />
        )}
      </div>
      <div className="mt-5 flex gap-2">
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => {
            rememberSelected(collection.id);
            void navigate({ to: "/$slug", params: { slug: collection.slug } });
          }}
        >
          Open Collection
          <ArrowRight className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" className="px-3" disabled={exporting.isPending} onClick={() => exporting.mutate(collection.id)} aria-label={`Export ${collection.name}`}>
          <Download className="size-4" aria-hidden />
          Export
        </Button>
      </div>
      {editing ? <NewCollectionDialog open onOpenChange={setEditing} editing={collection} /> : null}
      <DeleteCollectionDialog
        collection={collection}
        open={deleting}
        onOpenChange={setDeleting}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(collection.id, { onSettled: () => setDeleting(false) })}
      />
    </li>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The delete confirmation says what goes with the collection (asked from the server when it opens). */
function DeleteCollectionDialog({
  collection,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  collection: Domain;
  open: boolean;
  onOpenChange(open: boolean): void;
  busy: boolean;
  onConfirm(): void;
}) {
  const contents = useQuery({ ...collectionQueries.contents(collection.id), enabled: open });
  const what = contents.data
    ? `its ${plural(contents.data.notes, "note", "notes")} and ${plural(contents.data.summaries, "summary", "summaries")}`
    : "all its notes and summaries";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete collection"
      description={`Are you sure you want to delete "${collection.name}" with ${what}? This action cannot be undone.`}
      confirmLabel="Delete"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="rounded-xl bg-slate-50 px-2 py-3">
      <dt className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function StatsSkeleton() {
  return (
    <div role="status" aria-label="Loading figures" data-testid="stats-skeleton">
      <div className="grid grid-cols-3 gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-[4.25rem] animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
      <div className="mt-3 h-5 w-32 animate-pulse rounded bg-slate-100" />
    </div>
  );
}

/** Placeholder cards while the list itself loads. */
export function CollectionCardSkeleton() {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-hidden>
      <div className="h-5 w-40 animate-pulse rounded bg-slate-100" />
      <div className="mt-2 h-4 w-56 max-w-full animate-pulse rounded bg-slate-100" />
      <div className="mt-5 grid grid-cols-3 gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-[4.25rem] animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
      <div className="mt-5 h-11 animate-pulse rounded-lg bg-slate-100" />
    </li>
  );
}
