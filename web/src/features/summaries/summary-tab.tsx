import type { Domain } from "@vj/core";
import { Sparkles } from "lucide-react";
import type { JournalView } from "../journal/use-journal-view";

/** The Summary tab (SPEC §2); its list, dialog and generation come with the summaries work (issue 8). */
export function SummaryTab(_props: { collection: Domain; view: JournalView }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Sparkles className="size-6" aria-hidden />
      </div>
      <h3 className="text-lg font-semibold text-slate-900">No summaries yet</h3>
    </div>
  );
}
