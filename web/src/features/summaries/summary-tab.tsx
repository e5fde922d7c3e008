import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Domain, Summary, SummaryType } from "@vj/core";
import { ChevronLeft, ChevronRight, LayoutList, RectangleHorizontal, Sparkles } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import type { JournalView } from "../journal-view/use-journal-view";
import { setSummaryDialogOpen } from "./dialog-state";
import { emptyStateText, generateButtonLabel, pagedHeading } from "./labels";
import { useGenerateSummary } from "./mutations";
import { clampIndex, indexAfterDelete } from "./paging";
import { inScope, pendingGenerations, usePendingGenerations, type PendingGeneration } from "./pending-generations";
import { summaryQueries, summaryTypeKeys, type SummaryScope } from "./queries";
import { FailedSummaryCard, PlaceholderCard, QueuedSummaryCard, SummaryCard } from "./summary-card";
import { queuedGenerations, type QueuedGeneration } from "./queued-generations";
import { summaryTypesWithChanges } from "./type-changes";
import { syncMarks, type SyncMark } from "../outbox/overlay";
import { ChangeProblem } from "../outbox/sync-marks";
import { usePendingChanges } from "../outbox/use-outbox";
import { SummaryTypeDialog, type GenerateChoice } from "./summary-type-dialog";
import { useSummaryMode, type SummaryMode } from "./use-summary-mode";
import { MessageCard } from "../../components/ui/message-card";

/** While a summary this page did not send is being written, the list looks for it this often. */
const ORPHAN_POLL_MS = 3000;

type Item = { kind: "queued"; queued: QueuedGeneration } | { kind: "pending"; pending: PendingGeneration } | { kind: "summary"; summary: Summary };

/** The Summary tab (SPEC §2, §4): the period's summaries, the type dialog and generation. */
export function SummaryTab({ collection, view }: { collection: Domain; view: JournalView }) {
  const scope = { domainId: collection.id, period: view.period, periodKey: view.periodKey };
  const scopeKey = `${scope.domainId}/${scope.period}/${scope.periodKey}`;
  const allPending = usePendingGenerations();
  const pending = useMemo(() => allPending.filter((e) => inScope(e, scope)), [allPending, scopeKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // A generation this page is not awaiting (sent before a reload, or by another tab) is found by polling.
  const awaitingOthers = pending.some((e) => !pendingGenerations.isLive(e.id));
  const listOptions = summaryQueries.list(scope);
  const summaries = useQuery({
    ...listOptions,
    refetchInterval: (query) => (awaitingOthers ? ORPHAN_POLL_MS : typeof listOptions.refetchInterval === "function" ? listOptions.refetchInterval(query) : false),
  });
  // Requests asked for with no connection, waiting in the outbox (the types' names are the dialog's, with those made here).
  const changes = usePendingChanges();
  const types = useQueryClient().getQueryData<SummaryType[]>(summaryTypeKeys.list(collection.id)) ?? [];
  const queued = queuedGenerations(changes, scope, summaryTypesWithChanges(types, changes));
  const marks = syncMarks(changes);
  useSentFromOutbox(queued, scope, summaries.data);
  const generate = useGenerateSummary();
  const [mode, setMode] = useSummaryMode();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [paging, setPaging] = useState({ scopeKey, index: 0 });

  const listIds = useMemo(() => (summaries.data ?? []).map((s) => s.id), [summaries.data]);
  useEffect(() => {
    if (summaries.isSuccess && pending.length) pendingGenerations.settle(scope, listIds);
  }, [summaries.dataUpdatedAt, pending.length, listIds]); // eslint-disable-line react-hooks/exhaustive-deps

  // The go-to-date control hides while the dialog is open (SPEC §2).
  useEffect(() => {
    setSummaryDialogOpen(dialogOpen);
  }, [dialogOpen]);
  useEffect(() => () => setSummaryDialogOpen(false), []);

  const items: Item[] = [
    ...queued.map((q) => ({ kind: "queued" as const, queued: q })),
    // A placeholder stays until the list shows the summary it became, so the card is replaced, never blinks.
    ...pending.filter((e) => !(e.resultId && listIds.includes(e.resultId))).map((p) => ({ kind: "pending" as const, pending: p })),
    ...[...(summaries.data ?? [])]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((s) => ({ kind: "summary" as const, summary: s })),
  ];
  const index = clampIndex(paging.scopeKey === scopeKey ? paging.index : 0, items.length);
  const setIndex = (next: number) => setPaging({ scopeKey, index: next });
  const openDialog = () => setDialogOpen(true);

  const onGenerate = (choice: GenerateChoice) => {
    setDialogOpen(false);
    setIndex(0); // the paged mode shows the new placeholder
    generate.mutate({
      scope,
      selection: choice.selection,
      responseLength: choice.responseLength,
      type: choice.type ? { name: choice.type.name, prompt: choice.type.prompt } : null,
    });
  };

  const dialog = <SummaryTypeDialog open={dialogOpen} onOpenChange={setDialogOpen} collection={collection} view={view} onGenerate={onGenerate} />;

  if (summaries.isPending && items.length === 0) {
    return (
      <div aria-busy className="h-48 animate-pulse rounded-2xl border border-slate-200 bg-white" aria-label="Loading summaries" role="status" />
    );
  }

  if (summaries.isError && items.length === 0) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center">
        <p className="text-sm text-slate-700">The summaries could not be loaded.</p>
        <Button variant="secondary" className="mt-4" onClick={() => void summaries.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <MessageCard icon={Sparkles} tone="brand" title="No summaries yet">
        <p className="mt-1 text-sm text-slate-600">{emptyStateText(view.period)}</p>
        <Button className="mt-6" onClick={openDialog}>
          <Sparkles className="size-4" aria-hidden />
          {generateButtonLabel(view.period, view.isToday)}
        </Button>
        {dialog}
      </MessageCard>
    );
  }

  const render = (item: Item, onAddAnother?: () => void, onDeleted?: () => void) =>
    item.kind === "queued" ? (
      <QueuedSummaryCard key={item.queued.change.id} queued={item.queued} problem={problemOf(marks.get(item.queued.change.targetKey))} />
    ) : item.kind === "pending" ? (
      <PlaceholderCard key={item.pending.id} pending={item.pending} />
    ) : item.summary.status === "pending" ? (
      // Written by the server's job runner: the same placeholder, after a reload too.
      <PlaceholderCard key={item.summary.id} pending={{ typeName: item.summary.summaryTypeName, prompt: item.summary.summaryTypeId ? item.summary.prompt : null, responseLength: item.summary.responseLength }} />
    ) : item.summary.status === "failed" ? (
      <FailedSummaryCard key={item.summary.id} summary={item.summary} />
    ) : (
      <SummaryCard key={item.summary.id} summary={item.summary} onAddAnother={onAddAnother} onDeleted={onDeleted} />
    );

  const current = items[index]!;
  return (
    <section className="space-y-4" aria-label="Summaries">
      {mode === "vertical" ? (
        <>
          <Toolbar mode={mode} onMode={setMode}>
            <h2 className="text-base font-semibold text-slate-900">{pagedHeading(view.period, items.length)}</h2>
          </Toolbar>
          {items.map((item) => render(item, openDialog))}
        </>
      ) : (
        <>
          <Toolbar mode={mode} onMode={setMode}>
            <h2 className="text-base font-semibold text-slate-900">{pagedHeading(view.period, items.length)}</h2>
          </Toolbar>
          <nav aria-label="Summary pages" className="flex items-center justify-between gap-2">
            <Button variant="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>
              <ChevronLeft className="size-4" aria-hidden />
              Previous
            </Button>
            <span className="text-sm font-medium tabular-nums text-slate-700" aria-live="polite">
              {index + 1} of {items.length}
            </span>
            <Button variant="secondary" disabled={index >= items.length - 1} onClick={() => setIndex(index + 1)}>
              Next
              <ChevronRight className="size-4" aria-hidden />
            </Button>
          </nav>
          {render(current, undefined, () => setIndex(indexAfterDelete(index, items.length)))}
          <Button variant="secondary" className="w-full sm:w-auto" onClick={openDialog}>
            <Sparkles className="size-4" aria-hidden />
            Add Another Summary
          </Button>
        </>
      )}
      {dialog}
    </section>
  );
}

/** The heading row with the visible switch between the two modes. */
function Toolbar({ mode, onMode, children }: { mode: SummaryMode; onMode(mode: SummaryMode): void; children: React.ReactNode }) {
  const option = (value: SummaryMode, label: string, icon: React.ReactNode) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onMode(value)}
      className={cn(
        "flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        mode === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {icon}
      {label}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {children}
      <div role="group" aria-label="Show summaries" className="flex rounded-lg bg-slate-100 p-1">
        {option("vertical", "All", <LayoutList className="size-4" aria-hidden />)}
        {option("paged", "One at a time", <RectangleHorizontal className="size-4" aria-hidden />)}
      </div>
    </div>
  );
}

/** A request the server refused for good (or the like) shows why, with Retry and Discard. */
function problemOf(mark: SyncMark | undefined) {
  return mark && mark.status !== "waiting" ? <ChangeProblem mark={mark} /> : undefined;
}

/**
 * A waiting request that left the outbox was sent: its card becomes the usual placeholder until
 * the list shows the summary it became (the list refreshes once the outbox has sent it), so the
 * card never blinks out meanwhile.
 */
function useSentFromOutbox(queued: QueuedGeneration[], scope: SummaryScope, list: Summary[] | undefined) {
  const seen = useRef(new Map<string, QueuedGeneration>());
  const ids = queued.map((q) => `${q.change.id}:${q.change.status}`).join(" ");
  useEffect(() => {
    const now = new Set(queued.map((q) => q.change.id));
    for (const [id, q] of seen.current) {
      if (now.has(id) || q.change.status !== "waiting") continue;
      pendingGenerations.start({ ...scope, typeName: q.typeName, prompt: q.prompt, responseLength: q.responseLength, knownIds: (list ?? []).map((s) => s.id) }, false);
    }
    seen.current = new Map(queued.map((q) => [q.change.id, q]));
    // Keyed by the waiting requests themselves; the list is read as it stands when one leaves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
}
