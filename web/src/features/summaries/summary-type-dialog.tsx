import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  DEFAULT_RESPONSE_LENGTH,
  DEFAULT_SUMMARY_QUESTION,
  periodHeadline,
  RESPONSE_LENGTH_LABELS,
  RESPONSE_LENGTH_TARGET_WORDS,
  RESPONSE_LENGTHS,
  SUMMARY_TYPE_LIST_SCROLL_THRESHOLD,
  type Domain,
  type ResponseLength,
  type SummaryType,
} from "@vj/core";
import { Check, Pencil, Sparkles, Trash2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Dialog } from "../../components/ui/dialog";
import { IconButton } from "../../components/ui/icon-button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import type { JournalView } from "../journal-view/use-journal-view";
import { noteQueries } from "../notes/queries";
import { noteCountLabel } from "./labels";
import { useCreateSummaryType, useDeleteSummaryType, useUpdateSummaryType } from "./mutations";
import { summaryQueries } from "./queries";
import { GENERAL, isSelected, toggleSelection, withoutType, type TypeSelection } from "./selection";
import { SummaryTypeForm } from "./summary-type-form";
import { summaryTypesWithChanges } from "./type-changes";
import { syncMarks } from "../outbox/overlay";
import { WaitingToSync } from "../outbox/sync-marks";
import { usePendingChanges } from "../outbox/use-outbox";
import { followedServerId } from "../outbox/changes-store";
import { outboxDb } from "../outbox/outbox-db";

export type GenerateChoice = {
  selection: Exclude<TypeSelection, null>;
  responseLength: ResponseLength;
  type: SummaryType | null;
};

export type SummaryTypeDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  collection: Domain;
  view: JournalView;
  onGenerate(choice: GenerateChoice): void;
};

/** "Choose a summary type" (SPEC §2): full screen on a phone, a centred card on larger screens. */
export function SummaryTypeDialog({ open, onOpenChange, collection, view, onGenerate }: SummaryTypeDialogProps) {
  const notes = useInfiniteQuery(noteQueries.list({ domainId: collection.id, period: view.period, periodKey: view.periodKey }));
  const list = notes.data?.pages.flatMap((p) => p.notes) ?? [];
  const more = notes.hasNextPage ? "+" : "";
  const headline = periodHeadline(view.period, view.periodKey, view.timeZone, new Date());
  // What the server will read (DESIGN §7); only decisive when every page of the list is loaded.
  const summarisable = list.filter((n) => n.isTranscribed && n.hasTranscription && !n.isError).length;
  const nothingToSummarise = notes.isSuccess && !notes.hasNextPage && summarisable === 0;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      fullScreenOnPhone
      title="Choose a summary type"
      description={
        <>
          {headline} · {noteCountLabel(list.length).replace(/^(\d+)/, `$1${more}`)}
        </>
      }
    >
      {/* Mounted only while open, so every opening starts with no type chosen and the medium length. */}
      <DialogBody collection={collection} nothingToSummarise={nothingToSummarise} onGenerate={onGenerate} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function DialogBody({
  collection,
  nothingToSummarise,
  onGenerate,
  onCancel,
}: {
  collection: Domain;
  nothingToSummarise: boolean;
  onGenerate(choice: GenerateChoice): void;
  onCancel(): void;
}) {
  const types = useQuery(summaryQueries.types(collection.id));
  const create = useCreateSummaryType(collection.id);
  const update = useUpdateSummaryType(collection.id);
  const remove = useDeleteSummaryType(collection.id);
  const [selection, setSelection] = useState<TypeSelection>(null);
  const [length, setLength] = useState<ResponseLength>(DEFAULT_RESPONSE_LENGTH);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SummaryType | null>(null);
  const [formKey, setFormKey] = useState(0);
  // The person's waiting creates, edits and deletes over what the server last said.
  const changes = usePendingChanges();
  const marks = syncMarks(changes);
  const list = summaryTypesWithChanges(types.data ?? [], changes);
  const scrolls = list.length > SUMMARY_TYPE_LIST_SCROLL_THRESHOLD;
  // A type made here and chosen at once stays chosen when the server gives it its own id.
  const chosenType = selection?.kind === "type" ? selection.id : null;
  const chosenShown = chosenType !== null && list.some((t) => t.id === chosenType);
  useEffect(() => {
    if (!chosenType || chosenShown) return;
    let live = true;
    void followedServerId(outboxDb(), chosenType)
      .catch(() => null)
      .then((serverId) => {
        if (live && serverId) setSelection((s) => (s?.kind === "type" && s.id === chosenType ? { kind: "type", id: serverId } : s));
      });
    return () => {
      live = false;
    };
  }, [chosenType, chosenShown]);

  const generate = () => {
    if (!selection) return;
    const type = selection.kind === "type" ? (list.find((t) => t.id === selection.id) ?? null) : null;
    onGenerate({ selection, responseLength: length, type });
  };

  return (
    <div className="flex min-h-full flex-col gap-6">
      <section aria-labelledby="summary-kind-heading" className="space-y-3">
        <h3 id="summary-kind-heading" className="text-sm font-semibold text-slate-900">
          Summary type
        </h3>
        <OptionButton
          title="General Summary"
          detail={DEFAULT_SUMMARY_QUESTION}
          selected={isSelected(selection, GENERAL)}
          onClick={() => setSelection((s) => toggleSelection(s, GENERAL))}
          icon={<Sparkles className="size-4" aria-hidden />}
        />

        <h4 className="pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Your summary types</h4>
        {types.isPending ? (
          <Spinner />
        ) : list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-600">
            No custom summary types created yet. Create your first one below!
          </p>
        ) : (
          <ul
            aria-label="Custom summary types"
            // A list that scrolls must be reachable by keyboard (axe: scrollable-region-focusable).
            tabIndex={scrolls ? 0 : undefined}
            className={cn(
              "space-y-2",
              scrolls && "max-h-[18.5rem] overflow-y-auto rounded-xl border border-slate-200 p-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
            )}
          >
            {list.map((type) => (
              <li key={type.id}>
                {editing === type.id ? (
                  <div className="rounded-xl border border-brand-500 p-3">
                    <SummaryTypeForm
                      mode="edit"
                      initial={{ name: type.name, prompt: type.prompt }}
                      submitLabel="Save"
                      busy={update.isPending}
                      onCancel={() => setEditing(null)}
                      onSubmit={(fields) => update.mutate({ id: type.id, ...fields }, { onSuccess: () => setEditing(null) })}
                    />
                  </div>
                ) : (
                  <div className="flex items-stretch gap-1">
                    <OptionButton
                      title={type.name}
                      detail={type.prompt}
                      mark={marks.get(`summary-type:${type.id}`)?.status === "waiting" ? <WaitingToSync /> : null}
                      selected={isSelected(selection, { kind: "type", id: type.id })}
                      onClick={() => setSelection((s) => toggleSelection(s, { kind: "type", id: type.id }))}
                    />
                    <div className="flex flex-col justify-center">
                      <IconButton aria-label={`Edit ${type.name}`} onClick={() => setEditing(type.id)}>
                        <Pencil className="size-4" aria-hidden />
                      </IconButton>
                      <IconButton tone="danger" aria-label={`Delete ${type.name}`} onClick={() => setDeleting(type)}>
                        <Trash2 className="size-4" aria-hidden />
                      </IconButton>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="new-type-heading" className="space-y-3 rounded-xl bg-slate-50 p-4">
        <h3 id="new-type-heading" className="text-sm font-semibold text-slate-900">
          Create a summary type
        </h3>
        <SummaryTypeForm
          key={formKey}
          mode="create"
          submitLabel="Create Type"
          busy={create.isPending}
          onSubmit={(fields) =>
            create.mutate(fields, {
              onSuccess: (created) => {
                setFormKey((k) => k + 1);
                setSelection({ kind: "type", id: created.id });
              },
            })
          }
        />
      </section>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Response length</legend>
        <div className="grid grid-cols-3 gap-2">
          {RESPONSE_LENGTHS.map((option) => (
            <label
              key={option}
              className={cn(
                "flex cursor-pointer flex-col items-center rounded-xl border px-2 py-3 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                length === option ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-200 text-slate-700 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name="response-length"
                value={option}
                checked={length === option}
                onChange={() => setLength(option)}
                className="sr-only"
              />
              <span className="text-sm font-semibold">{RESPONSE_LENGTH_LABELS[option]}</span>
              <span className="text-xs text-slate-600">~{RESPONSE_LENGTH_TARGET_WORDS[option]} words</span>
            </label>
          ))}
        </div>
      </fieldset>

      {nothingToSummarise ? (
        <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          There are no transcribed notes in this period yet, so there is nothing to summarise. Record a note or wait for its
          transcription to finish.
        </p>
      ) : null}

      <div className="sticky -bottom-5 -mx-5 -mb-5 mt-auto flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-5 py-4 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={!selection || nothingToSummarise} onClick={generate}>
          <Sparkles className="size-4" aria-hidden />
          Generate Summary
        </Button>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title="Delete Summary Type"
        description={
          deleting
            ? `Are you sure you want to delete "${deleting.name}"? All summaries created with this type will be deleted too. This action cannot be undone.`
            : ""
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const id = deleting.id;
          remove.mutate(id, {
            onSuccess: () => setSelection((s) => withoutType(s, id)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </div>
  );
}

function OptionButton({
  title,
  detail,
  selected,
  onClick,
  icon,
  mark,
}: {
  title: string;
  detail: string;
  selected: boolean;
  onClick(): void;
  icon?: ReactNode;
  /** Where the item stands with the outbox (the waiting mark). */
  mark?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        "flex min-w-0 flex-1 items-start gap-3 rounded-xl border p-3 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
        selected ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white hover:bg-slate-50",
      )}
    >
      <span
        className={cn(
          "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border",
          selected ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-500",
        )}
      >
        {selected ? <Check className="size-3.5" aria-hidden /> : icon}
      </span>
      <span className="min-w-0">
        <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">{title}</span>
        <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600 [overflow-wrap:anywhere]">{detail}</span>
        {mark ? <span className="mt-1.5 block">{mark}</span> : null}
      </span>
    </button>
  );
}
