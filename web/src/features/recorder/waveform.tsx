import { cn } from "../../lib/cn";

/** The live waveform: one bar per recent input level (SPEC §9: 50 bars). */
export function Waveform({ levels, paused, color }: { levels: number[]; paused: boolean; color: string }) {
  return (
    <div className="flex h-16 items-center justify-between gap-[2px]" aria-hidden data-testid="waveform">
      {levels.map((level, i) => (
        <span
          key={i}
          className={cn("w-full max-w-1.5 rounded-full transition-[height] duration-100", paused && "opacity-40")}
          style={{ height: `${Math.max(6, Math.round(level * 100))}%`, backgroundColor: color }}
        />
      ))}
    </div>
  );
}
