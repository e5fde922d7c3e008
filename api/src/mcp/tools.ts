import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import {
  NOTES_PAGE_MAX,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  decodeNoteCursor,
  decodeSearchCursor,
  isValidPeriodKey,
  periodKeyOf,
  periodRange,
  type Domain,
  type Period,
} from "@vj/core";
import { z } from "zod";
import { ApiError } from "../errors.js";
import { searchJournal } from "../search/service.js";
import type { ServiceContext } from "../services/context.js";
import { listDomains } from "../services/domains.js";
import { onThisDay } from "../services/on-this-day.js";
import { cachedPeriodRange } from "../services/period-ranges.js";
import { listSummaries, periodLabel } from "../services/summaries.js";
import type { PendingAccess } from "../services/assistant-access.js";
import { getVoiceNote, listNotesBetween } from "../services/voice-notes.js";
import { appLinks, clock, localDateTime, mdText, type AppLinks } from "./links.js";

type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Who is asking, in which zone, and where the app lives (for links). */
export interface ToolCaller {
  userId: string;
  timeZone: string;
  baseUrl: string;
  /** Their token when it is not looked up yet for this request (services/assistant-access.ts). */
  access?: PendingAccess | undefined;
}

/** A tool's refusal the assistant reads (an unknown id, a bad date): never a stack or SQL. */
class ToolRefusal extends Error {}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Write dates as YYYY-MM-DD" })
  .refine((d) => isValidPeriodKey("day", d), { error: "Not a real day (YYYY-MM-DD)" });
const collection = z
  .string()
  .max(200)
  .optional()
  .describe("A collection's id, slug or name (list_collections names them); absent: every collection");
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

// The tools' input schemas, built once: a stateless server registers its tools on every request.
const SearchJournalInput = {
  query: z.string().trim().min(1).max(SEARCH_QUERY_MAX).describe("The words to find"),
  collection,
  from: day.optional().describe("Only what was made on or after this local day (YYYY-MM-DD)"),
  to: day.optional().describe("Only what was made on or before this local day (YYYY-MM-DD)"),
  limit: z.number().int().min(1).max(SEARCH_PAGE_MAX).default(10).describe(`Hits per page (1-${SEARCH_PAGE_MAX}, default 10)`),
  cursor: z.string().max(500).optional().describe("nextCursor of the previous page"),
};

const ListNotesInput = {
  from: day.describe("First local day (YYYY-MM-DD)"),
  to: day.describe("Last local day (YYYY-MM-DD), inclusive"),
  collection,
  limit: z.number().int().min(1).max(NOTES_PAGE_MAX).default(25).describe(`Notes per page (1-${NOTES_PAGE_MAX}, default 25)`),
  cursor: z.string().max(500).optional().describe("nextCursor of the previous page"),
};

const GetNoteInput = { id: z.string().max(100).describe("The note's id (from search_journal, list_notes or on_this_day)") };

const ListCollectionsInput = {};

const GetSummariesInput = {
  period: z.enum(["day", "week", "month"]).describe("day, week or month"),
  date: day.describe("Any local day (YYYY-MM-DD) inside the period"),
  collection,
};

const OnThisDayInput = { date: day.optional().describe("The local day to look back from (YYYY-MM-DD); default today") };

/** What one request's tools share: who asks, their collections (read at most once), links, dates. */
interface CallScope {
  caller: ToolCaller;
  tz: string;
  links: AppLinks;
  domains(): Promise<Domain[]>;
  domainOf(id: string): Promise<Domain | undefined>;
  resolveCollection(value: string | undefined): Promise<Domain | undefined>;
  rangeOf(from: string | undefined, to: string | undefined): { start: Date; end: Date } | undefined;
}

function callScope(ctx: ServiceContext, caller: ToolCaller): CallScope {
  const tz = caller.timeZone;
  let domainsMemo: Promise<Domain[]> | undefined;
  const domains = () => (domainsMemo ??= listDomains(ctx, caller.userId));
  return {
    caller,
    tz,
    links: appLinks(caller.baseUrl),
    domains,
    domainOf: async (id) => (await domains()).find((d) => d.id === id),
    resolveCollection: async (value) => {
      if (value === undefined || value.trim() === "") return undefined;
      const v = value.trim();
      const all = await domains();
      const found = all.find((d) => d.id === v) ?? all.find((d) => d.slug === v) ?? all.find((d) => d.name.toLowerCase() === v.toLowerCase());
      if (!found) throw new ToolRefusal(`Collection not found: "${v}". list_collections names the collections.`);
      return found;
    },
    rangeOf: (from, to) => {
      if (from === undefined && to === undefined) return undefined;
      const start = from ? cachedPeriodRange("day", from, tz).start : new Date(0);
      const end = to ? cachedPeriodRange("day", to, tz).end : new Date(8.64e15);
      if (start >= end) throw new ToolRefusal("`from` must not be after `to`");
      return { start, end };
    },
  };
}

/** Where a request's caller travels to its tools: beside the token, in the SDK's AuthInfo. */
const CALLER = "voiceJournalCaller";

/** The AuthInfo a request hands the transport: its tools answer for `caller`. */
export function authInfoFor(token: string, clientId: string, scopes: string[], caller: ToolCaller): AuthInfo {
  return { token, clientId, scopes, extra: { [CALLER]: caller } };
}

/**
 * The tools an assistant may call: each reads the person's own journal through the product's
 * services. Registered once per server; every call finds who asks in its request's AuthInfo
 * (authInfoFor), so one server can answer one request after another for different people.
 */
export function registerJournalTools(server: McpServer, ctx: ServiceContext, onError: (err: unknown, caller: ToolCaller | undefined) => void): void {
  const scopes = new WeakMap<ToolCaller, CallScope>();
  const scopeOf = (extra: ToolExtra): CallScope => {
    const caller = extra.authInfo?.extra?.[CALLER] as ToolCaller | undefined;
    if (!caller) throw new Error("a tool was called without its caller");
    let scope = scopes.get(caller);
    if (!scope) scopes.set(caller, (scope = callScope(ctx, caller)));
    return scope;
  };

  /** Runs a tool; its refusals and the product's errors become tool errors with their message. */
  const run =
    <A>(fn: (args: A, s: CallScope) => Promise<CallToolResult>, provesAccess = false) =>
    async (args: A, extra: ToolExtra): Promise<CallToolResult> => {
      let scope: CallScope | undefined;
      try {
        scope = scopeOf(extra);
        // A token not looked up yet: looked up beside the work, unless the tool's own query proves it.
        if (!provesAccess) void scope.caller.access?.lookUp();
        return await fn(args, scope);
      } catch (err) {
        if (err instanceof ToolRefusal) return refusal(err.message);
        if (err instanceof ApiError) return refusal(err.code === "not_found" ? "not found" : err.message);
        onError(err, scope?.caller);
        return refusal("Something went wrong on our side. Please try again.");
      }
    };

  server.registerTool(
    "search_journal",
    {
      title: "Search the journal",
      description:
        "Finds the person's voice notes and summaries containing words. Every word must appear (the last may be the start of a word); " +
        "\"quoted words\" match as a phrase; nothing else is query syntax. Best matches first. Each hit has its id (for get_note), title, " +
        "local date and time, collection, a snippet and a link into the app. Use `cursor` from a previous answer for the next page.",
      inputSchema: SearchJournalInput,
      annotations: { title: "Search the journal", ...readOnly },
    },
    run(async ({ query, collection: c, from, to, limit, cursor }, s) => {
      const domain = await s.resolveCollection(c);
      const before = cursor === undefined ? undefined : decodeSearchCursor(cursor);
      if (before === null) throw new ToolRefusal("That cursor is not one this tool gave: start again without it");
      const [{ hits, nextCursor }] = await Promise.all([
        searchJournal(ctx, s.caller.userId, { q: query, limit, before, domainId: domain?.id, range: s.rangeOf(from, to) }),
        s.domains(),
      ]);
      const results = await Promise.all(
        hits.map(async (h) => {
          const d = await s.domainOf(h.domainId);
          const slug = d?.slug ?? "";
          const { date, time } = localDateTime(h.createdAt, s.tz);
          const link =
            h.kind === "note" ? s.links.note(slug, date, h.id) : s.links.period(slug, h.period, h.periodKey.length === 10 ? h.periodKey : date, "summary");
          return { kind: h.kind, id: h.id, title: h.title, date, time, collection: d?.name ?? null, snippet: h.snippet, link };
        }),
      );
      const lines = results.map(
        (r) => `- [${mdText(r.title)}](${r.link}) - ${r.date} ${r.time}, ${mdText(r.collection ?? "")}${r.kind === "summary" ? " (summary)" : ""}, id \`${r.id}\`\n  ${mdText(r.snippet)}`,
      );
      const head = results.length === 0 ? `Nothing found for ${quoted(query)}.` : `${results.length} match${results.length === 1 ? "" : "es"} for ${quoted(query)}:`;
      return answer([head, ...lines, more(nextCursor)].join("\n"), { results, nextCursor });
    }),
  );

  server.registerTool(
    "list_notes",
    {
      title: "List notes",
      description:
        "Lists the person's voice notes made between two local days (inclusive), newest first, a page at a time: id, title, local date and time, " +
        "duration, collection, the transcript's first line and a link. Pass `cursor` (nextCursor of the previous page) for the next page; " +
        "when nextCursor is null there are no more.",
      inputSchema: ListNotesInput,
      annotations: { title: "List notes", ...readOnly },
    },
    run(async ({ from, to, collection: c, limit, cursor }, s) => {
      const domain = await s.resolveCollection(c);
      const before = cursor === undefined ? undefined : decodeNoteCursor(cursor);
      if (before === null) throw new ToolRefusal("That cursor is not one this tool gave: start again without it");
      const range = s.rangeOf(from, to)!;
      // One statement: the page, each note's collection, and (for a token not looked up yet) the token's proof.
      const { notes, nextCursor } = await listNotesBetween(ctx, s.caller.userId, { ...range, domainId: domain?.id, before, limit }, s.caller.access);
      const results = notes.map((n) => {
        const { date, time } = localDateTime(n.createdAt, s.tz);
        const text = n.hasTranscription ? n.transcription!.trim() : "";
        const lineEnd = text.indexOf("\n");
        const firstLine = (lineEnd === -1 ? text : text.slice(0, lineEnd)).slice(0, 160);
        return {
          id: n.id,
          title: n.title,
          date,
          time,
          duration: n.duration,
          collection: n.collection?.name ?? null,
          firstLine: firstLine || null,
          transcribed: n.hasTranscription,
          link: s.links.note(n.collection?.slug ?? "", date, n.id),
        };
      });
      const lines = results.map(
        (r) =>
          `- [${mdText(r.title)}](${r.link}) - ${r.date} ${r.time}, ${clock(r.duration)}, ${mdText(r.collection ?? "")}, id \`${r.id}\`` +
          (r.firstLine ? `\n  ${mdText(r.firstLine)}` : r.transcribed ? "" : "\n  (no transcript yet)"),
      );
      const head = results.length === 0 ? `No notes from ${from} to ${to}${cursor ? " after this point" : ""}.` : `Notes from ${from} to ${to}, newest first:`;
      return answer([head, ...lines, more(nextCursor)].join("\n"), { notes: results, nextCursor });
    }, true),
  );

  server.registerTool(
    "get_note",
    {
      title: "Read a note",
      description: "The whole transcript of one voice note with its title, local date and time, duration, collection and link. The audio is not sent.",
      inputSchema: GetNoteInput,
      annotations: { title: "Read a note", ...readOnly },
    },
    run(async ({ id }, s) => {
      if (!z.guid().safeParse(id).success) throw new ToolRefusal("not found");
      const n = await getVoiceNote(ctx, s.caller.userId, id);
      const d = await s.domainOf(n.domainId);
      const { date, time } = localDateTime(n.createdAt, s.tz);
      const link = s.links.note(d?.slug ?? "", date, n.id);
      const transcript = n.hasTranscription ? n.transcription! : null;
      const status = transcript !== null ? null : n.isError ? "Transcription failed." : "Not transcribed yet.";
      const text = `## [${mdText(n.title)}](${link})\n${date} ${time}, ${clock(n.duration)}, ${mdText(d?.name ?? "")}\n\n${transcript ?? status}`;
      return answer(text, { id: n.id, title: n.title, date, time, duration: n.duration, collection: d?.name ?? null, transcript, link });
    }),
  );

  server.registerTool(
    "list_collections",
    {
      title: "List collections",
      description: "The person's collections (the journals notes are kept in): id, name, slug, description and a link. Other tools accept any of id, slug or name.",
      inputSchema: ListCollectionsInput,
      annotations: { title: "List collections", ...readOnly },
    },
    run(async (_args, s) => {
      const all = await s.domains();
      const collections = all.map((d) => ({ id: d.id, name: d.name, slug: d.slug, description: d.description, isDefault: d.isDefault, link: s.links.collection(d.slug) }));
      const lines = collections.map((d) => `- [${mdText(d.name)}](${d.link})${d.isDefault ? " (default)" : ""} - slug \`${d.slug}\`${d.description ? `: ${mdText(d.description)}` : ""}`);
      return answer([collections.length === 0 ? "No collections yet." : "Collections:", ...lines].join("\n"), { collections });
    }),
  );

  server.registerTool(
    "get_summaries",
    {
      title: "Read summaries",
      description:
        "The summaries the person has of a day, a week or a month containing `date`: the general summary and custom ones, " +
        "in each collection or one. A summary that is still being written or failed says so.",
      inputSchema: GetSummariesInput,
      annotations: { title: "Read summaries", ...readOnly },
    },
    run(async ({ period, date, collection: c }, scope) => {
      const domain = await scope.resolveCollection(c);
      const periodKey = periodKeyOf(periodRange("day", date, scope.tz).start, period as Period, scope.tz);
      const found = await listSummaries(ctx, scope.caller.userId, { period: period as Period, periodKey, domainId: domain?.id });
      const summaries = await Promise.all(
        found.map(async (s) => {
          const d = await scope.domainOf(s.domainId);
          return {
            id: s.id,
            type: s.summaryTypeName ?? "General summary",
            collection: d?.name ?? null,
            status: s.status,
            content: s.status === "ready" ? s.content : null,
            themes: s.themes,
            notes: s.totalVoiceNotes,
            link: scope.links.period(d?.slug ?? "", period as Period, date, "summary"),
          };
        }),
      );
      const label = periodLabel(period as Period, periodKey);
      const parts = summaries.map(
        (s) =>
          `## [${mdText(s.type)}: ${mdText(s.collection ?? "")}](${s.link})\n` +
          (s.content ?? (s.status === "pending" ? "Being written." : "It could not be written.")) +
          (s.themes.length ? `\n\nThemes: ${s.themes.map(mdText).join(", ")}` : ""),
      );
      const head = summaries.length === 0 ? `No summaries of ${label}.` : `Summaries of ${label}:`;
      return answer([head, ...parts].join("\n\n"), { period, periodKey, summaries });
    }),
  );

  server.registerTool(
    "on_this_day",
    {
      title: "On this day",
      description:
        "The person's notes of the same date in earlier years, and of one month before, nearest first (a few per day, with how many the day holds). " +
        "`date` defaults to today in the person's time zone.",
      inputSchema: OnThisDayInput,
      annotations: { title: "On this day", ...readOnly },
    },
    run(async ({ date }, s) => {
      const on = date ?? periodKeyOf(new Date(), "day", s.tz);
      const { groups } = await onThisDay(ctx, s.caller.userId, { date: on, tz: s.tz });
      const days = groups.map((g) => ({
        date: g.date,
        ago: g.kind === "month" ? "one month ago" : g.yearsAgo === 1 ? "one year ago" : `${g.yearsAgo} years ago`,
        total: g.total,
        notes: g.notes.map((n) => {
          const { date, time } = localDateTime(n.createdAt, s.tz);
          return { id: n.id, title: n.title, time, collection: n.domainName, firstLine: n.firstLine, link: s.links.note(n.domainSlug, date, n.id) };
        }),
      }));
      const parts = days.map(
        (g) =>
          `### ${g.date} (${g.ago}): ${g.total} note${g.total === 1 ? "" : "s"}\n` +
          g.notes.map((n) => `- [${mdText(n.title)}](${n.link}) ${n.time}, ${mdText(n.collection)}, id \`${n.id}\`${n.firstLine ? `\n  ${mdText(n.firstLine)}` : ""}`).join("\n") +
          (g.total > g.notes.length ? `\n- ...and ${g.total - g.notes.length} more (list_notes with from=to=${g.date})` : ""),
      );
      return answer([days.length === 0 ? `Nothing on this day (${on}) in earlier months or years.` : `On this day (${on}):`, ...parts].join("\n\n"), { date: on, days });
    }),
  );
}

/**
 * A tool's answer: Markdown for the assistant to read, and the same as structured content. The
 * Markdown's own punctuation is ASCII: where the person's words are too, the answer stays a
 * one-byte string, which V8 serialises and the socket writes faster (bench/mcp.ts).
 */
function answer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: structured };
}

function refusal(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

/** What a person searched for, in quotes unless it holds its own (a phrase). */
const quoted = (query: string) => (query.includes('"') ? query : `"${query}"`);

const more = (nextCursor: string | null) => (nextCursor ? `\nMore: call again with cursor \`${nextCursor}\`.` : "");
