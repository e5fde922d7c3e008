import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CHAT_QUESTION_MAX, type ChatMessage, type Domain } from "@vj/core";
import { CloudOff, MessageCircle, MessagesSquare, Plus, Send, Square, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MarkdownText } from "../../components/markdown-text";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { navigatorLabels } from "../journal-view/navigator-labels";
import type { JournalView } from "../journal-view/use-journal-view";
import { useOnline } from "../../lib/use-online";
import { askJournal } from "./ask-stream";
import { CitationChips } from "./citation-chips";
import { useDeleteThread } from "./mutations";
import { chatKeys, chatQueries } from "./queries";

type Scope = "all" | "period";
/** The question on its way: its answer as it streams, or why it failed. */
type Pending = { question: string; text: string; error: string | null };

/**
 * The Chat tab, "Ask your journal" (DESIGN §12): a conversation answered only from this
 * collection's notes and summaries, with numbered sources; earlier conversations stay listed.
 */
export function AskTab({ collection, view }: { collection: Domain; view: JournalView }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const threads = useQuery(chatQueries.threads(collection.id));
  // undefined: follow the latest conversation (also after a reload); null: a new one.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const threadId = chosen === undefined ? (threads.data?.[0]?.id ?? null) : chosen;
  const thread = useQuery({ ...chatQueries.thread(threadId ?? "none"), enabled: threadId !== null });
  const [scope, setScope] = useState<Scope>("all");
  const [question, setQuestion] = useState("");
  const [pending, setPending] = useState<Pending | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const fieldId = useId();
  const { headline } = navigatorLabels(view.period, view.dayKey, view.timeZone, new Date());
  const streaming = pending !== null && pending.error === null;

  useEffect(() => () => stopper.current?.abort(), []);
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [pending?.text, thread.data?.messages.length]);

  const refresh = async (id: string | null) => {
    await queryClient.invalidateQueries({ queryKey: chatKeys.threads(collection.id) });
    if (id) await queryClient.invalidateQueries({ queryKey: chatKeys.thread(id) });
  };

  const ask = async (e: FormEvent) => {
    e.preventDefault();
    const text = question.trim();
    if (!text || streaming || !online) return;
    const stop = new AbortController();
    stopper.current = stop;
    setPending({ question: text, text: "", error: null });
    try {
      const answer = await askJournal(
        {
          question: text,
          domainId: collection.id,
          tz: view.timeZone,
          ...(threadId ? { threadId } : {}),
          ...(scope === "period" ? { period: view.period, periodKey: view.periodKey } : {}),
        },
        { signal: stop.signal, onText: (t) => setPending((p) => (p ? { ...p, text: t } : p)) },
      );
      queryClient.setQueryData(chatKeys.thread(answer.threadId), (old: typeof thread.data) =>
        old ? { ...old, messages: [...old.messages, userMessage(text), answer.message] } : old,
      );
      setQuestion("");
      setChosen(answer.threadId);
      setPending(null);
      await refresh(answer.threadId);
    } catch (err) {
      if (stop.signal.aborted) {
        // Stopped: the server kept what had arrived, marked stopped; read the conversation again.
        setQuestion("");
        setPending(null);
        if (threadId === null) setChosen(undefined);
        await refresh(threadId);
        return;
      }
      setPending((p) => (p ? { ...p, error: err instanceof Error ? err.message : String(err) } : p));
    } finally {
      stopper.current = null;
    }
  };

  const messages = thread.data?.messages ?? [];
  return (
    <div className="space-y-4">
      <section aria-labelledby="ask-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="ask-heading" className="text-lg font-semibold text-slate-900">
              Ask your journal
            </h2>
            <p className="mt-0.5 text-sm text-slate-600">Answers come only from your notes in {collection.name}, with their sources.</p>
          </div>
          <Button variant="ghost" className="h-9 px-3" onClick={() => (setChosen(null), setPending(null))} disabled={streaming}>
            <Plus className="size-4" aria-hidden />
            New conversation
          </Button>
        </div>

        <div role="radiogroup" aria-label="What to ask about" className="mt-4 inline-flex rounded-lg bg-slate-100 p-1 text-sm">
          {(["all", "period"] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={scope === s}
              onClick={() => setScope(s)}
              className={cn(
                "h-8 rounded-md px-3 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                scope === s ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {s === "all" ? "All time" : headline}
            </button>
          ))}
        </div>

        <div className="mt-4 space-y-4" aria-live="polite" aria-busy={streaming} data-testid="conversation">
          {threadId && thread.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="size-4" /> Loading the conversation...
            </p>
          ) : null}
          {messages.length === 0 && !pending && !(threadId && thread.isPending) ? (
            <div className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
              <MessageCircle className="mx-auto size-7 text-slate-400" aria-hidden />
              <p className="mt-2 text-sm text-slate-600">Ask about anything you said, like “What did I decide about the move?” or “How was my week?”</p>
            </div>
          ) : null}
          {messages.map((m) => (
            <Turn key={m.id} message={m} collection={collection} timeZone={view.timeZone} />
          ))}
          {pending ? (
            <>
              <Bubble role="user">{pending.question}</Bubble>
              <Bubble role="assistant">
                {pending.text ? <MarkdownText text={pending.text} /> : pending.error ? null : <Thinking />}
                {pending.error ? (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {pending.error} Your question is still in the box: send it again when you're ready.
                  </p>
                ) : null}
              </Bubble>
            </>
          ) : null}
          <div ref={end} />
        </div>

        <form onSubmit={(e) => void ask(e)} className="mt-4">
          <label htmlFor={fieldId} className="sr-only">
            Your question
          </label>
          <div className="flex items-end gap-2">
            <textarea
              id={fieldId}
              rows={2}
              maxLength={CHAT_QUESTION_MAX}
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              placeholder={online ? "Ask about your notes..." : "Asking needs a connection"}
              className="min-h-12 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3.5 py-3 text-base leading-6 text-slate-900 placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30"
            />
            {streaming ? (
              <Button variant="secondary" onClick={() => stopper.current?.abort()} className="h-12 shrink-0">
                <Square className="size-4 fill-current" aria-hidden />
                Stop
              </Button>
            ) : (
              <Button type="submit" disabled={!online || question.trim() === ""} className="h-12 shrink-0" aria-label="Ask">
                <Send className="size-4" aria-hidden />
                <span className="hidden sm:inline">Ask</span>
              </Button>
            )}
          </div>
          {online ? null : (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-amber-800" role="status">
              <CloudOff className="size-4" aria-hidden />
              Asking needs a connection. Earlier conversations are still here.
            </p>
          )}
        </form>
      </section>

      <EarlierConversations collection={collection} current={threadId} onOpen={(id) => (setChosen(id), setPending(null))} busy={streaming} />
    </div>
  );
}

function userMessage(content: string): ChatMessage {
  return { id: crypto.randomUUID(), role: "user", content, citations: [], stopped: false, createdAt: new Date().toISOString() };
}

function Turn({ message, collection, timeZone }: { message: ChatMessage; collection: Domain; timeZone: string }) {
  if (message.role === "user") return <Bubble role="user">{message.content}</Bubble>;
  return (
    <Bubble role="assistant">
      <MarkdownText text={message.content || "…"} />
      {message.stopped ? <p className="mt-1 text-xs font-medium text-slate-500">Stopped</p> : null}
      <CitationChips citations={message.citations} collection={collection} timeZone={timeZone} />
    </Bubble>
  );
}

function Bubble({ role, children }: { role: "user" | "assistant"; children: React.ReactNode }) {
  return (
    <div className={cn("flex", role === "user" ? "justify-end" : "justify-start")} data-testid={`${role}-message`}>
      <div
        className={cn(
          "max-w-[92%] rounded-2xl px-4 py-3 text-[15px] leading-relaxed [overflow-wrap:anywhere] sm:max-w-[85%]",
          role === "user" ? "whitespace-pre-wrap rounded-br-md bg-brand-600 text-white" : "rounded-bl-md bg-slate-50 text-slate-800 ring-1 ring-slate-200",
        )}
      >
        {children}
      </div>
    </div>
  );
}

function Thinking() {
  return (
    <span role="status" className="flex items-center gap-2 text-sm text-slate-500">
      <Spinner className="size-4" /> Reading your notes...
    </span>
  );
}

function EarlierConversations({ collection, current, onOpen, busy }: { collection: Domain; current: string | null; onOpen: (id: string) => void; busy: boolean }) {
  const threads = useQuery(chatQueries.threads(collection.id));
  const remove = useDeleteThread(collection.id);
  const list = threads.data ?? [];
  if (list.length === 0) return null;
  const when = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  return (
    <section aria-labelledby="earlier-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="earlier-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <MessagesSquare className="size-4 text-slate-400" aria-hidden />
        Earlier conversations
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {list.map((t) => (
          <li key={t.id} className="flex items-center gap-2 py-1.5">
            <button
              type="button"
              disabled={busy}
              aria-current={t.id === current ? "true" : undefined}
              onClick={() => onOpen(t.id)}
              className={cn(
                "min-w-0 flex-1 rounded-lg px-2 py-2 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                t.id === current && "bg-brand-50/60",
              )}
            >
              <span className="block truncate text-sm font-medium text-slate-900">{t.title}</span>
              <span className="block text-xs text-slate-600">{when.format(new Date(t.updatedAt))}</span>
            </button>
            <button
              type="button"
              aria-label={`Delete conversation: ${t.title}`}
              disabled={busy || remove.isPending}
              onClick={() => remove.mutate(t.id)}
              className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
