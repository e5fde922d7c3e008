import * as Tabs from "@radix-ui/react-tabs";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { FileText, MessageCircle, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { NotesTab } from "../notes/notes-tab";
import { noteQueries } from "../notes/queries";
import { SummaryTab } from "../summaries/summary-tab";
import { summaryQueries } from "../summaries/queries";
import { ChatTab } from "./chat-tab";
import { TABS, type Tab } from "./search";
import type { JournalView } from "./use-journal-view";

const META: Record<Tab, { label: string; icon: ReactNode }> = {
  notes: { label: "Notes", icon: <FileText className="size-4" aria-hidden /> },
  summary: { label: "Summary", icon: <Sparkles className="size-4" aria-hidden /> },
  chat: { label: "Chat", icon: <MessageCircle className="size-4" aria-hidden /> },
};

/** Notes, Summary and Chat (SPEC §2) with count badges; the collection colour marks the active tab. */
export function JournalTabs({ collection, view }: { collection: Domain; view: JournalView }) {
  const scope = { domainId: collection.id, period: view.period, periodKey: view.periodKey };
  const notes = useInfiniteQuery(noteQueries.list(scope));
  const summaries = useQuery(summaryQueries.list(scope));
  const counts: Record<Tab, number> = {
    notes: notes.data?.pages.reduce((n, page) => n + page.notes.length, 0) ?? 0,
    summary: summaries.data?.length ?? 0,
    chat: 0,
  };
  const more = notes.hasNextPage ? "+" : "";

  return (
    <Tabs.Root value={view.tab} onValueChange={(value) => view.setTab(value as Tab)}>
      <Tabs.List aria-label="Views of this period" className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1">
        {TABS.map((tab) => {
          const active = tab === view.tab;
          return (
            <Tabs.Trigger
              key={tab}
              value={tab}
              style={active ? { color: collection.primaryColor } : undefined}
              className={cn(
                "flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                active ? "bg-white shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {META[tab].icon}
              {META[tab].label}
              {counts[tab] > 0 ? (
                <span
                  className="rounded-full px-2 py-0.5 text-xs font-semibold text-white"
                  style={{ backgroundColor: active ? collection.primaryColor : "#64748b" }}
                  aria-label={`${counts[tab]}${tab === "notes" ? more : ""} ${tab === "notes" ? "notes" : "summaries"}`}
                >
                  {counts[tab]}
                  {tab === "notes" ? more : ""}
                </span>
              ) : null}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      <Tabs.Content value="notes" className="mt-4 focus-visible:outline-none">
        <NotesTab collection={collection} view={view} />
      </Tabs.Content>
      <Tabs.Content value="summary" className="mt-4 focus-visible:outline-none">
        <SummaryTab collection={collection} view={view} />
      </Tabs.Content>
      <Tabs.Content value="chat" className="mt-4 focus-visible:outline-none">
        <ChatTab />
      </Tabs.Content>
    </Tabs.Root>
  );
}
