import { useNavigate } from "@tanstack/react-router";
import type { ChatCitation, Domain } from "@vj/core";
import { FileText, Sparkles } from "lucide-react";
import { noteLink, summaryLink } from "../journal-view/links";

const dateOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone }).format(new Date(iso));

/**
 * The sources an answer cites, as numbered chips: a note opens its day with the note highlighted,
 * a summary its period's Summary tab; one deleted since shows as "deleted note".
 */
export function CitationChips({ citations, collection, timeZone }: { citations: ChatCitation[]; collection: Domain; timeZone: string }) {
  const navigate = useNavigate();
  if (citations.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Sources">
      {citations.map((c) => {
        const Icon = c.kind === "note" ? FileText : Sparkles;
        const label = c.deleted ? `deleted ${c.kind}` : c.title;
        return (
          <li key={c.n}>
            <button
              type="button"
              disabled={c.deleted}
              data-testid="citation-chip"
              onClick={() =>
                void navigate(
                  c.kind === "summary" && c.period && c.periodKey
                    ? summaryLink(collection, { period: c.period, periodKey: c.periodKey })
                    : noteLink(collection, c, timeZone),
                )
              }
              className="inline-flex max-w-[16rem] items-center gap-1.5 rounded-full border border-slate-200 bg-white py-1 pl-1 pr-3 text-xs font-medium text-slate-700 shadow-sm hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 disabled:shadow-none"
            >
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-[11px] font-semibold text-brand-700">{c.n}</span>
              <Icon className="size-3.5 shrink-0 text-slate-400" aria-hidden />
              <span className={c.deleted ? "italic" : "truncate"}>{label}</span>
              {c.deleted ? null : <span className="shrink-0 text-slate-600">· {dateOf(c.createdAt, timeZone)}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
