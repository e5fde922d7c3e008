import { CheckCircle2, FileArchive } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { formatBytes } from "../../lib/format-bytes";
import { importSummary, useImportJournal } from "./mutations";
import { failedForNoConnection } from "../../lib/connection-failure";
import { NEEDS_CONNECTION } from "../../lib/mutation";

/** "Import a journal export": choose the zip, watch it upload, read what was restored. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const fieldId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const importing = useImportJournal(setProgress);
  const close = (next: boolean) => {
    if (importing.isPending) return;
    if (!next) {
      setFile(null);
      setProgress(0);
      importing.reset();
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title="Import a journal export" description="Restore collections, notes with their audio, transcripts and summaries from a Voice Journal .zip. Nothing already here is duplicated.">
      {importing.isSuccess ? (
        <div className="text-center" role="status">
          <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden />
          <p className="mt-3 font-medium text-slate-900" data-testid="import-result">
            {importSummary(importing.data)}
          </p>
          <Button className="mt-5 w-full" onClick={() => close(false)}>
            Done
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (file) importing.mutate(file);
          }}
        >
          <label htmlFor={fieldId} className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center hover:bg-slate-50">
            <FileArchive className="size-8 text-slate-400" aria-hidden />
            <span className="text-sm font-medium text-slate-800">{file ? file.name : "Choose the export (.zip)"}</span>
            {file ? <span className="text-xs text-slate-600">{formatBytes(file.size)}</span> : null}
          </label>
          <input
            id={fieldId}
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            aria-label="Journal export file"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {importing.isPending ? (
            <div className="mt-4" role="status" aria-live="polite">
              <div className="h-2 overflow-hidden rounded-full bg-slate-100">
                <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
              <p className="mt-2 text-sm text-slate-600">{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : "Restoring your journal…"}</p>
            </div>
          ) : null}
          {importing.isError ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {failedForNoConnection(importing.error) ? NEEDS_CONNECTION : importing.error.message}
            </p>
          ) : null}
          <Button type="submit" className="mt-5 w-full" disabled={!file || importing.isPending}>
            {importing.isPending ? "Importing..." : "Import"}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
