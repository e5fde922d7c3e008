import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { FileText, MessageCircle, Sparkles } from "lucide-react";
import { useId, type ComponentType, type ReactNode } from "react";
import { TabList } from "../../components/ui/tab-list";
import { cn } from "../../lib/cn";
import { NotesTab } from "../notes/notes-tab";
import { noteQueries } from "../notes/queries";
import { applyChanges } from "../outbox/overlay";
import { usePendingChanges } from "../outbox/use-outbox";
import { SummaryTab } from "../summaries/summary-tab";
import { summaryQueries } from "../summaries/queries";
import { AskTab } from "../chat/ask-tab";
import { TABS, type Tab } from "../journal-view/search-params";
import { readableTextOn, tintOf } from "../journal-view/tint";
import type { JournalView } from "../journal-view/use-journal-view";

const META: Record<Tab, { label: string; icon: (className: string) => ReactNode; counted: string }> = {
  notes: { label: "Notes", icon: (c) => <FileText className={c} aria-hidden />, counted: "notes" },
  summary: { label: "Summary", icon: (c) => <Sparkles className={c} aria-hidden />, counted: "summaries" },
  chat: { label: "Chat", icon: (c) => <MessageCircle className={c} aria-hidden />, counted: "" },
};

const PANELS: Record<Tab, ComponentType<{ collection: Domain; view: JournalView }>> = { notes: NotesTab, summary: SummaryTab, chat: AskTab };

const triggerId = (ids: string, tab: Tab) => `${ids}-tab-${tab}`;
const panelId = (ids: string, tab: Tab) => `${ids}-panel-${tab}`;

/**
 * Notes, Summary and Chat (SPEC §2) with count badges; the collection colour marks the active tab
 * (its icon, underline and badge — the label stays dark so any colour keeps it readable).
 */
export function JournalTabs({ collection, view }: { collection: Domain; view: JournalView }) {
  const ids = useId();
  const scope = { domainId: collection.id, period: view.period, periodKey: view.periodKey };
  const notes = useInfiniteQuery(noteQueries.list(scope));
  const summaries = useQuery(summaryQueries.list(scope));
  // Counted as the list shows them: a note deleted on this device is gone from both, even before the server has the delete.
  const changes = usePendingChanges();
  const tint = tintOf(collection.primaryColor);
  const counts: Record<Tab, number> = {
    notes: applyChanges(notes.data?.pages.flatMap((page) => page.notes) ?? [], changes, "note").length,
    summary: summaries.data?.length ?? 0,
    chat: 0,
  };
  // More pages wait on the server: the badge says "20+" rather than a count that is too low.
  const suffix: Record<Tab, string> = { notes: notes.hasNextPage ? "+" : "", summary: "", chat: "" };

  return (
    <div>
      <TabList
        tabs={TABS}
        value={view.tab}
        onValueChange={view.setTab}
        label="Views of this period"
        className="grid grid-cols-3 gap-1 rounded-xl bg-slate-200/60 p-1"
        tabId={(tab) => triggerId(ids, tab)}
        panelId={(tab) => panelId(ids, tab)}
        tabClassName={(_, active) =>
          cn(
            "relative flex h-11 min-w-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium transition-colors sm:gap-2",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
            active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:bg-white/60 hover:text-slate-900",
          )
        }
      >
        {(tab, active) => {
          const count = counts[tab];
          return (
            <>
              {/* Not on phones: a third of a phone's width holds "Summary" and its count, not an icon too. */}
              <span style={active ? { color: tint } : undefined} className="hidden sm:flex">
                {META[tab].icon("size-4 shrink-0")}
              </span>
              <span className="truncate">{META[tab].label}</span>
              {count > 0 ? (
                <span
                  className="min-w-5 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold leading-4"
                  style={active ? { backgroundColor: tint, color: readableTextOn(tint) } : { backgroundColor: "#e2e8f0", color: "#334155" }}
                  data-testid={`${tab}-count`}
                >
                  {count}
                  {suffix[tab]}
                  <span className="sr-only"> {META[tab].counted}</span>
                </span>
              ) : null}
              {active ? (
                <span aria-hidden className="absolute inset-x-4 bottom-0.5 h-0.5 rounded-full" style={{ backgroundColor: tint }} />
              ) : null}
            </>
          );
        }}
      </TabList>
      {/* Every panel is there (the tabs point at them), only the active one filled. */}
      {TABS.map((tab) => {
        const Panel = PANELS[tab];
        return (
          <div
            key={tab}
            role="tabpanel"
            id={panelId(ids, tab)}
            aria-labelledby={triggerId(ids, tab)}
            hidden={tab !== view.tab}
            tabIndex={0}
            className="mt-4 focus-visible:outline-none"
          >
            {tab === view.tab ? <Panel collection={collection} view={view} /> : null}
          </div>
        );
      })}
    </div>
  );
}
