import { TRANSCRIPT_CLAMP_LINES } from "@vj/core";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
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
  // Read in the ResizeObserver's callback, which the browser calls once its own layout of the frame
  // is done (scrollHeight is then free), instead of in this effect, where the read forced the
  // first layout of the whole list inside React's commit: one long task on a slow phone.
  // The answer comes a frame after the text is painted, so the clamped text's "Show more" sits
  // over the end of its last line instead of on a row of its own: showing it moves nothing below
  // (a row added then moved the next card by 0.0039, a layout shift). "Show less", after a press,
  // takes its own row under the full text.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() =>
      setOverflows(overflowsClamp(el.scrollHeight, parseFloat(getComputedStyle(el).lineHeight), TRANSCRIPT_CLAMP_LINES)),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [text]);

  const label = transcriptToggleLabel(overflows, expanded);
  return (
    <div className="relative">
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
          className={cn(
            "group rounded text-sm font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
            // Over the clamped text's last line, its end faded out under the label.
            expanded ? "mt-1" : "absolute bottom-0 right-0 h-6 bg-[linear-gradient(to_right,transparent,white_2.5rem)] pl-12 leading-6",
          )}
        >
          {expanded ? null : (
            <span aria-hidden className="mr-1.5 text-[0.9375rem] text-slate-700">
              …
            </span>
          )}
          <span className="group-hover:underline">{label}</span>
        </button>
      ) : null}
    </div>
  );
}
