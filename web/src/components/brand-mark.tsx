import { Mic } from "lucide-react";
import { cn } from "../lib/cn";

/** The app's logo: the microphone tile from the PWA icon, plus the name. */
export function BrandMark({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <span className="flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm">
        <Mic className="size-5" aria-hidden />
      </span>
      {showName ? <span className="text-base font-semibold tracking-tight text-slate-900">Voice Journal</span> : null}
    </span>
  );
}
