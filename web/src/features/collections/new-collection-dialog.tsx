import { COLLECTION_SWATCHES } from "@vj/core";
import { useId, useState, type FormEvent } from "react";
import { ColorSwatches } from "../../components/color-swatches";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { useAuth } from "../auth/auth-provider";
import {
  EMPTY_COLLECTION_DRAFT,
  serverErrorText,
  validateCollectionForm,
  type CollectionDraft,
  type CollectionFormErrors,
} from "./collection-form";
import { useCreateCollection, useEditCollection } from "./mutations";
import type { Domain } from "@vj/core";

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="text-sm text-red-600">
      {text}
    </p>
  );
}

/**
 * "Create New Collection" (SPEC §2, §4, §5): whole-form validation, errors under each field, reset
 * on success. With `editing`, the same form edits that collection's name, description and colour
 * (kept on the device first and sent through the outbox, so it works offline too).
 */
export function NewCollectionDialog({ open, onOpenChange, editing }: { open: boolean; onOpenChange(open: boolean): void; editing?: Domain }) {
  const { user } = useAuth();
  const create = useCreateCollection();
  const edit = useEditCollection();
  const initial: CollectionDraft = editing
    ? { name: editing.name, description: editing.description ?? "", primaryColor: editing.primaryColor }
    : EMPTY_COLLECTION_DRAFT;
  const [draft, setDraft] = useState<CollectionDraft>(initial);
  const [errors, setErrors] = useState<CollectionFormErrors>({});
  // After the first submit, errors follow the typing so a fixed field clears its message at once.
  const [submitted, setSubmitted] = useState(false);
  const ids = { name: useId(), description: useId(), color: useId(), hex: useId(), nameError: useId(), hexError: useId() };

  function update(next: CollectionDraft) {
    setDraft(next);
    if (submitted) {
      const result = validateCollectionForm(next, user?.id ?? "");
      setErrors(result.ok ? {} : result.errors);
    }
  }

  function close(next: boolean) {
    if (!next) {
      setErrors({});
      setSubmitted(false);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const result = validateCollectionForm(draft, user?.id ?? "");
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (editing) {
      const { name, description, primaryColor } = result.input;
      edit.mutate(
        { id: editing.id, changes: { name, description: description || null, primaryColor: primaryColor ?? editing.primaryColor } },
        {
          onSuccess: () => {
            setSubmitted(false);
            onOpenChange(false);
          },
        },
      );
      return;
    }
    create.mutate(result.input, {
      onSuccess: () => {
        setDraft(EMPTY_COLLECTION_DRAFT);
        setSubmitted(false);
        onOpenChange(false);
      },
      onError: (error) => setErrors({ name: serverErrorText(error) }),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={editing ? "Edit Collection" : "Create New Collection"}
      description={editing ? "Change its name, description or colour. Its address stays the same." : "Create a new collection to organize your voice recordings by category or purpose."}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <div className="space-y-2">
          <Label htmlFor={ids.name}>Collection Name</Label>
          <Input
            id={ids.name}
            value={draft.name}
            onChange={(e) => update({ ...draft, name: e.target.value })}
            placeholder="e.g. Personal, Work, Projects"
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? ids.nameError : undefined}
          />
          <FieldError id={ids.nameError} text={errors.name} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.description}>
            Description <span className="font-normal text-slate-500">(Optional)</span>
          </Label>
          <Textarea
            id={ids.description}
            rows={3}
            value={draft.description}
            onChange={(e) => update({ ...draft, description: e.target.value })}
            placeholder="What kind of recordings belong here?"
          />
          <FieldError id={`${ids.description}-error`} text={errors.description} />
        </div>
        <div className="space-y-3">
          <p id={ids.color} className="text-sm font-medium text-slate-700">
            Theme Color
          </p>
          <ColorSwatches
            colors={COLLECTION_SWATCHES}
            value={draft.primaryColor}
            onChange={(primaryColor) => update({ ...draft, primaryColor })}
            labelledBy={ids.color}
          />
          <div className="flex items-center gap-3">
            <span
              className="size-11 shrink-0 rounded-lg border border-slate-200 shadow-inner"
              style={{ backgroundColor: errors.primaryColor ? "transparent" : draft.primaryColor }}
              aria-hidden
            />
            <div className="min-w-0 flex-1">
              <Label htmlFor={ids.hex} className="sr-only">
                Custom hex color
              </Label>
              <Input
                id={ids.hex}
                value={draft.primaryColor}
                onChange={(e) => update({ ...draft, primaryColor: e.target.value })}
                placeholder="#6b7280"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="font-mono"
                aria-invalid={errors.primaryColor ? true : undefined}
                aria-describedby={errors.primaryColor ? ids.hexError : undefined}
              />
            </div>
          </div>
          <FieldError id={ids.hexError} text={errors.primaryColor} />
        </div>
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          {editing ? (
            <Button type="submit" disabled={edit.isPending}>
              Save Changes
            </Button>
          ) : (
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create Collection"}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
