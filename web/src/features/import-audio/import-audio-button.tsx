import { Upload } from "lucide-react";
import { useRecorder } from "../recorder/recorder-store";
import { requestAudioImport } from "./trigger";

/** "Import audio" beside the record button; out of the way while a recording is under way. */
export function ImportAudioButton() {
  const recorder = useRecorder();
  if (recorder.status !== "idle") return null;
  return (
    <button
      type="button"
      aria-label="Import audio"
      title="Import audio"
      onClick={() => requestAudioImport()}
      className="fixed bottom-[calc(6.25rem+env(safe-area-inset-bottom))] right-8 z-40 flex size-12 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-lg transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <Upload className="size-5" aria-hidden />
    </button>
  );
}
