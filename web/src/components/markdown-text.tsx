import Markdown from "react-markdown";
import { cn } from "../lib/cn";

/**
 * Model-written text (a summary, an answer) as markdown (SPEC §2). react-markdown never renders raw HTML: a model answer
 * holding `<script>` or `<img onerror>` shows as text, and unsafe link schemes are dropped.
 */
export function MarkdownText({ text, className }: { text: string; className?: string }) {
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
      <Markdown>{text}</Markdown>
    </div>
  );
}
