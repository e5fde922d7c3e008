import { countWords, previewText, RESPONSE_LENGTH_LABELS, type Summary } from "@vj/core";
import { Cpu, Plus, Sparkles, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { IconButton } from "../../components/ui/icon-button";
import { balancedPreview, engineLabel, noteCountLabel, quotedPrompt, summaryHeading } from "./labels";
import { useDeleteSummary } from "./mutations";
import type { PendingGeneration } from "./pending-generations";
import { MarkdownText } from "../../components/markdown-text";
import { WaitingToSync } from "../outbox/sync-marks";

const CREATED = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

function CardFrame({ children, pulsing, label }: { children: ReactNode; pulsing?: boolean; label: string }) {
  return (
    <article
      aria-label={label}
      aria-busy={pulsing || undefined}
      className={
        pulsing
          ? "relative isolate overflow-hidden rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
          : "rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm shadow-slate-200/60 sm:p-6"
      }
    >
      {/* The pulse is a layer behind the text, so the text keeps its full contrast. */}
      {pulsing ? <div aria-hidden className="absolute inset-0 -z-10 animate-pulse bg-brand-50" /> : null}
      {children}
    </article>
  );
}

function CardHeading({ title, prompt, badge, action }: { title: string; prompt: string | null; badge?: ReactNode; action?: ReactNode }) {
  return (
    <header className="flex items-start gap-3">
      <div className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Sparkles className="size-5" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</h3>
          {badge}
        </div>
        {prompt ? <p className="mt-1 text-sm italic text-slate-600 [overflow-wrap:anywhere]">{prompt}</p> : null}
      </div>
      {action}
    </header>
  );
}

export type SummaryCardProps = {
  summary: Summary;
  /** Vertical mode puts "Add Another Summary" on every card (SPEC §2). */
  onAddAnother?: () => void;
  /** Called once the server confirmed the delete (paged mode moves its index). */
  onDeleted?: () => void;
};

/** One summary (SPEC §2): heading, quoted prompt, markdown with a 200-character preview, themes, footer and delete. */
export function SummaryCard({ summary, onAddAnother, onDeleted }: SummaryCardProps) {
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSummary();
  const title = summaryHeading(summary);
  const preview = previewText(summary.content);
  const words = countWords(summary.content);

  return (
    <CardFrame label={title}>
      <CardHeading
        title={title}
        prompt={quotedPrompt(summary)}
        action={
          <IconButton tone="danger" className="-mr-1.5 -mt-1" aria-label="Delete summary" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        }
      />

      <div className="mt-4">
        <MarkdownText text={expanded || !preview.truncated ? summary.content : balancedPreview(preview.text)} />
        {preview.truncated ? (
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((v) => !v)}
            className="mt-2 rounded text-sm font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {expanded ? "Show less" : "Show more"}
          </button>
        ) : null}
      </div>

      {summary.themes.length > 0 ? (
        <ul aria-label="Themes" className="mt-4 flex flex-wrap gap-2">
          {summary.themes.map((theme) => (
            <li key={theme} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
              {theme}
            </li>
          ))}
        </ul>
      ) : null}

      <footer className="mt-4 flex flex-col gap-1 border-t border-slate-100 pt-3 text-xs text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-x-2">
          <span>{words} words</span>
          <span aria-hidden>·</span>
          <span>{RESPONSE_LENGTH_LABELS[summary.responseLength]}</span>
          <span aria-hidden>·</span>
          <time dateTime={summary.createdAt}>{CREATED.format(new Date(summary.createdAt))}</time>
          <span aria-hidden>·</span>
          <span>From {noteCountLabel(summary.totalVoiceNotes)}</span>
        </p>
        <p className="flex items-center gap-1">
          <Cpu className="size-3.5" aria-hidden />
          <span>Written by {engineLabel(summary.engine)}</span>
        </p>
      </footer>

      {onAddAnother ? (
        <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={onAddAnother}>
          <Plus className="size-4" aria-hidden />
          Add Another Summary
        </Button>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Summary"
        description="Are you sure you want to delete this summary? This action cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(summary, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted?.();
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </CardFrame>
  );
}

/** The card shown at once while a summary is written (SPEC §4): a "Generating..." badge on a pulsing card. */
export function PlaceholderCard({ pending }: { pending: Pick<PendingGeneration, "typeName" | "prompt" | "responseLength"> }) {
  return (
    <CardFrame label="Generating your summary..." pulsing>
      <CardHeading
        title={pending.typeName ?? "General Summary"}
        prompt={pending.prompt ? `"${pending.prompt}"` : null}
        badge={
          <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">Generating...</span>
        }
      />
      <p role="status" className="mt-4 text-sm font-medium text-slate-700">
        Generating your summary...
      </p>
      <div className="mt-3 animate-pulse space-y-2" aria-hidden>
        <div className="h-3 w-11/12 rounded bg-slate-200" />
        <div className="h-3 w-4/5 rounded bg-slate-200" />
        <div className="h-3 w-2/3 rounded bg-slate-200" />
      </div>
      <p className="mt-4 border-t border-brand-100 pt-3 text-xs text-slate-600">
        {RESPONSE_LENGTH_LABELS[pending.responseLength]} · you can leave this page, the summary keeps being written
      </p>
    </CardFrame>
  );
}

/** A summary the server could not write (DESIGN §7): the spec's words, the reason, and a way to clear it. */
export function FailedSummaryCard({ summary }: { summary: Summary }) {
  const remove = useDeleteSummary();
  return (
    <CardFrame label={`${summary.summaryTypeName ?? "General Summary"}: not written`}>
      <CardHeading title={summary.summaryTypeName ?? "General Summary"} prompt={null} badge={<span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Failed</span>} />
      <p role="alert" className="mt-4 text-sm font-medium text-red-800">
        Failed to generate summary. Please try again.
      </p>
      {summary.error ? <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{summary.error}</p> : null}
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => remove.mutate(summary)}
        className="mt-4 inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        Remove
      </button>
    </CardFrame>
  );
}

/**
 * A summary asked for with no connection: the request waits on this device and is sent when the
 * connection is back (DESIGN §13). No spinner: nothing is being written yet, and the card says so.
 */
export function QueuedSummaryCard({ queued, problem }: { queued: Pick<PendingGeneration, "typeName" | "prompt" | "responseLength">; problem?: ReactNode }) {
  return (
    <CardFrame label={`${queued.typeName ?? "General Summary"}: waiting to sync`}>
      <CardHeading title={queued.typeName ?? "General Summary"} prompt={queued.prompt ? `"${queued.prompt}"` : null} badge={problem ? null : <WaitingToSync />} />
      {problem ?? (
        <p role="status" className="mt-4 text-sm font-medium text-slate-700">
          Waiting to sync. This summary will be written once you are back online.
        </p>
      )}
      <p className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-600">{RESPONSE_LENGTH_LABELS[queued.responseLength]}</p>
    </CardFrame>
  );
}
