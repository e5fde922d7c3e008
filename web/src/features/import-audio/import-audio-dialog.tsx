import type { Domain } from "@vj/core";
import { AlertTriangle, FileAudio, Upload } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../lib/toast-store";
import { useAuth } from "../auth/auth-provider";
import { AUDIO_ACCEPT, audioTypeOf, fromLocalInput, isAudioFile, titleFromFileName, toLocalInput } from "./audio-files";
import { keepImportedAudio, readDuration } from "./keep-imported";
import { onAudioImportRequested } from "./trigger";

type Chosen = { key: string; file: File; title: string; when: string; duration: number } | { key: string; file: File; error: string };

/**
 * "Import audio": recordings made elsewhere, one or many, each titled from its file name and dated
 * from its last change (both editable), then kept in the outbox like a recording.
 */
export function ImportAudioDialog({ collection, timeZone }: { collection: Domain; timeZone: string }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [saving, setSaving] = useState(false);
  const ownerId = useAuth().user?.id ?? "";
  const inputId = useId();
  useEffect(() => onAudioImportRequested(() => setOpen(true)), []);

  const choose = async (files: FileList | null) => {
    const list = [...(files ?? [])];
    const next = await Promise.all(
      list.map(async (file, i): Promise<Chosen> => {
        const key = `${file.name}-${file.size}-${file.lastModified}-${i}`;
        if (!isAudioFile(file)) return { key, file, error: `${file.name} is not an audio file` };
        return { key, file, title: titleFromFileName(file.name), when: toLocalInput(file.lastModified || Date.now(), timeZone), duration: await readDuration(file) };
      }),
    );
    setChosen(next);
  };
  const close = (next: boolean) => {
    if (saving) return;
    if (!next) setChosen([]);
    setOpen(next);
  };
  const audio = chosen.filter((c): c is Extract<Chosen, { title: string }> => "title" in c);

  const save = async () => {
    setSaving(true);
    try {
      const kept = await keepImportedAudio(
        audio.map((c) => ({
          file: c.file,
          title: c.title.trim() || titleFromFileName(c.file.name),
          createdAt: fromLocalInput(c.when, timeZone) ?? new Date(c.file.lastModified || Date.now()),
          duration: c.duration,
          mimeType: audioTypeOf(c.file),
        })),
        collection.id,
        timeZone,
        ownerId,
      );
      toast({
        title: kept === 1 ? "Recording imported" : `${kept} recordings imported`,
        description: navigator.onLine ? "Uploading and transcribing." : "Saved offline: they upload automatically when you're back online.",
      });
      setChosen([]);
      setOpen(false);
    } catch (err) {
      toast({ variant: "destructive", title: "Import failed", description: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import audio"
      description={`Recordings from this device go into ${collection.name}, uploaded and transcribed like any note.`}
      footer={
        <Button className="w-full" disabled={audio.length === 0 || saving} onClick={() => void save()}>
          {saving ? "Saving..." : audio.length > 1 ? `Save ${audio.length} recordings` : "Save recording"}
        </Button>
      }
    >
      <label htmlFor={inputId} className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center hover:bg-slate-50">
        <Upload className="size-7 text-slate-400" aria-hidden />
        <span className="text-sm font-medium text-slate-800">Choose audio files</span>
        <span className="text-xs text-slate-600">MP3, M4A, AAC, WAV, OGG/Opus, WebM or FLAC</span>
      </label>
      <input id={inputId} type="file" multiple accept={AUDIO_ACCEPT} className="sr-only" aria-label="Audio files" onChange={(e) => void choose(e.target.files)} />
      {chosen.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Chosen files">
          {chosen.map((c, i) =>
            "error" in c ? (
              <li key={c.key}>
                <p role="alert" className="flex items-center gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
                  <AlertTriangle className="size-4 shrink-0" aria-hidden />
                  {c.error}; it is left out.
                </p>
              </li>
            ) : (
              <li key={c.key} className="rounded-xl border border-slate-200 p-3" data-testid="import-audio-item">
                <p className="flex items-center gap-1.5 truncate text-xs text-slate-600">
                  <FileAudio className="size-3.5 shrink-0" aria-hidden />
                  {c.file.name}
                </p>
                <label className="mt-2 block text-xs font-medium text-slate-700">
                  Title
                  <input
                    value={c.title}
                    maxLength={200}
                    onChange={(e) => setChosen((all) => all.map((x, j) => (j === i && "title" in x ? { ...x, title: e.target.value } : x)))}
                    className="mt-1 h-10 w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30"
                  />
                </label>
                <label className="mt-2 block text-xs font-medium text-slate-700">
                  Recorded
                  <input
                    type="datetime-local"
                    value={c.when}
                    onChange={(e) => setChosen((all) => all.map((x, j) => (j === i && "title" in x ? { ...x, when: e.target.value } : x)))}
                    className="mt-1 h-10 w-full rounded-lg border border-slate-300 px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30"
                  />
                </label>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </Dialog>
  );
}
