import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "../../components/ui/button";
import { inputClass } from "../../components/ui/input";
import { cn } from "../../lib/cn";

export type InlineEditProps = {
  label: string;
  initial: string;
  multiline?: boolean;
  /** Whether an empty value may be saved (a transcript may be cleared, a title may not). */
  allowEmpty?: boolean;
  maxLength?: number;
  onSave(value: string): Promise<unknown>;
  onDone(): void;
};

/**
 * Edits one text of a note in place: Save (or Enter in a title, Ctrl/⌘+Enter in a transcript)
 * keeps it, Cancel or Escape leaves it. The form stays until the list shows the saved text, so
 * the card never flashes the old value.
 */
export function InlineEdit({ label, initial, multiline, allowEmpty, maxLength, onSave, onDone }: InlineEditProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const unchanged = value.trim() === initial.trim();
  const invalid = !allowEmpty && value.trim() === "";

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (saving || invalid) return;
    if (unchanged) return onDone();
    setSaving(true);
    // SPEC §8: note update errors are ignored; the refreshed list shows what the server kept.
    await onSave(value.trim()).catch(() => undefined);
    onDone();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      onDone();
    } else if (e.key === "Enter" && multiline && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      void submit();
    }
  };

  const field = cn(inputClass, multiline && "h-auto min-h-32 py-2 leading-6");
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          autoFocus
          rows={5}
          value={value}
          maxLength={maxLength}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          className={field}
        />
      ) : (
        <input
          id={id}
          autoFocus
          value={value}
          maxLength={maxLength}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          className={field}
        />
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" className="h-9" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" className="h-9" disabled={saving || invalid}>
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
