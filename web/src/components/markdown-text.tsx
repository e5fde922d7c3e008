import { useEffect, useState } from "react";
import { cn } from "../lib/cn";
import { sharedImport } from "../lib/retry-import";
import { whenIdle } from "../lib/when-idle";

type Markdown = typeof import("react-markdown").default;

// react-markdown (with micromark and unified, most of the main screen's chunk) loads on its own:
// the notes a screen opens with need none of it. It is fetched once the page is idle, so a summary
// or an answer opened later finds it ready.
let loaded: Markdown | null = null;
// A failed fetch (offline before the chunk was cached) is tried again, and again by the next caller.
const importMarkdown = sharedImport(() => import("react-markdown"));

export function loadMarkdown(): Promise<Markdown> {
  return importMarkdown().then((m) => (loaded = m.default));
}

/** Loads the markdown renderer when the page next goes idle (or 2 s from now at the latest). */
export function preloadMarkdownWhenIdle(): void {
  whenIdle(() => void loadMarkdown().catch(() => undefined), 2000);
}

/**
 * Model-written text (a summary, an answer) as markdown (SPEC §2). react-markdown never renders raw HTML: a model answer
 * holding `<script>` or `<img onerror>` shows as text, and unsafe link schemes are dropped. Until the renderer has
 * loaded, the text shows as it was written.
 */
export function MarkdownText({ text, className }: { text: string; className?: string }) {
  const [Renderer, setRenderer] = useState<Markdown | null>(() => loaded);
  useEffect(() => {
    if (Renderer) return;
    let live = true;
    loadMarkdown().then(
      (m) => live && setRenderer(() => m),
      () => undefined, // the text stays as written
    );
    return () => {
      live = false;
    };
  }, [Renderer]);

  return (
    <div
      className={cn(
        "text-[15px] leading-relaxed text-slate-700 [overflow-wrap:anywhere]",
        "[&>*+*]:mt-3 [&_h1]:text-lg [&_h1]:font-semibold [&_h1]:text-slate-900 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-slate-900",
        "[&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:font-semibold [&_strong]:font-semibold [&_strong]:text-slate-900",
        "[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_li]:pl-1",
        "[&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:italic",
        "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm [&_pre]:overflow-x-auto [&_hr]:border-slate-200",
        className,
      )}
    >
      {Renderer ? <Renderer>{text}</Renderer> : <p className="whitespace-pre-line">{text}</p>}
    </div>
  );
}
