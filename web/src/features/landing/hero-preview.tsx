import { FileText, Mic, Sparkles } from "lucide-react";

// Bar heights of the drawn waveform (percent): fixed so the picture is the same on every visit.
const BARS = [30, 55, 40, 75, 60, 90, 45, 70, 35, 80, 65, 50, 85, 40, 60, 30, 70, 55, 45, 25, 60, 80, 50, 35];

/**
 * The hero's picture of the product, drawn with HTML and CSS rather than a screenshot: it stays
 * sharp at every size and costs no image download (the visitor pages aim at Lighthouse ≥ 0.95).
 */
export function HeroPreview() {
  return (
    <div className="relative mx-auto w-full max-w-md" aria-hidden>
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-tr from-indigo-200/60 via-violet-200/40 to-sky-200/60 blur-2xl" />
      <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-indigo-900/10">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-red-500 text-white shadow-md shadow-red-500/30">
            <Mic className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-slate-900">Morning reflection</p>
            <p className="text-xs text-slate-500">Recording · 1:24</p>
          </div>
        </div>
        <div className="mt-4 flex h-12 items-center gap-[3px]">
          {BARS.map((height, i) => (
            <span key={i} className="flex-1 rounded-full bg-brand-500/80" style={{ height: `${height}%` }} />
          ))}
        </div>
        <div className="mt-5 rounded-2xl bg-slate-50 p-4">
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <FileText className="size-3.5" /> Transcript
          </p>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">
            “Finished the draft of the proposal and finally cleared my inbox. Tomorrow I want to start with the hardest
            task first…”
          </p>
        </div>
        <div className="mt-3 rounded-2xl border border-brand-100 bg-brand-50 p-4">
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-brand-700">
            <Sparkles className="size-3.5" /> Weekly summary
          </p>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">
            You made steady progress on the proposal and felt most focused on mornings you planned the night before.
          </p>
        </div>
      </div>
    </div>
  );
}
