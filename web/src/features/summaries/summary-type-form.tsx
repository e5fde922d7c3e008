import { SUMMARY_TYPE_REQUIRED_MESSAGE } from "@vj/core";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Input, inputClass } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/cn";
import type { TypeFields } from "./mutations";

export type SummaryTypeFormProps = {
  initial?: TypeFields;
  submitLabel: string;
  busy?: boolean;
  /**
   * "create": an empty name or prompt shows the spec's message (SPEC §5);
   * "edit": an empty one silently does nothing, as the spec has updates do.
   */
  mode: "create" | "edit";
  onSubmit(fields: TypeFields): void;
  onCancel?: () => void;
};

/** Name and prompt of a custom summary type, for creating one or editing it in place. */
export function SummaryTypeForm({ initial, submitLabel, busy, mode, onSubmit, onCancel }: SummaryTypeFormProps) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [prompt, setPrompt] = useState(initial?.prompt ?? "");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { name: name.trim(), prompt: prompt.trim() };
    if (!fields.name || !fields.prompt) {
      if (mode === "create") setError(SUMMARY_TYPE_REQUIRED_MESSAGE);
      return;
    }
    setError(null);
    onSubmit(fields);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={mode === "create" ? "New summary type" : "Edit summary type"}>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          placeholder="e.g. Gratitude, Decisions, Work wins"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-prompt`}>Prompt</Label>
        <textarea
          id={`${id}-prompt`}
          value={prompt}
          rows={3}
          placeholder="What should the summary focus on?"
          onChange={(e) => setPrompt(e.target.value)}
          className={cn(inputClass, "h-auto resize-y py-2")}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant={mode === "create" ? "secondary" : "primary"} disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
