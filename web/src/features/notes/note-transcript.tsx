import { TRANSCRIPT_CLAMP_LINES } from "@vj/core";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { overflowsClamp, transcriptToggleLabel } from "./note-display";

const clamped = {
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: TRANSCRIPT_CLAMP_LINES,
  overflow: "hidden",
} as const;

/** The transcript clamped to 3 lines, with "Show more" / "Show less" only when it is taller than that. */
export function NoteTranscript({ text }: { text: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured, not guessed from the length: what overflows depends on the card's width and font.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(overflowsClamp(el.scrollHeight, parseFloat(getComputedStyle(el).lineHeight), TRANSCRIPT_CLAMP_LINES));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text]);

  const label = transcriptToggleLabel(overflows, expanded);
  return (
    <div>
      <p
        id={id}
        ref={ref}
        data-testid="note-transcript"
        className="whitespace-pre-line text-[0.9375rem] leading-6 text-slate-700 [overflow-wrap:anywhere]"
        style={expanded ? undefined : clamped}
      >
        {text}
      </p>
      {label ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="mt-1 rounded text-sm font-medium text-brand-700 hover:text-brand-600 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {label}
        </button>
      ) : null}
    </div>
  );
}
