import {
  CHAT_HISTORY_MESSAGES,
  CHAT_THREAD_MAX_MESSAGES,
  chatCitationSchema,
  periodRange,
  type AskInput,
  type ChatAnswer,
  type ChatCitation,
  type ChatMessage,
  type ChatThread,
  type ChatThreadDetail,
} from "@vj/core";
import { z } from "zod";
import { RateLimiter } from "../auth/rate-limit.js";
import type { ChatModel } from "../engines/chat/types.js";
import { estimateTokens, notesBudget } from "../engines/summaries/map-reduce.js";
import { ApiError, notFound } from "../errors.js";
import { chatRepository, type MessageRow, type ThreadRow } from "../repositories/chat.js";
import { iso, type ServiceContext } from "../services/context.js";
import { spendOne } from "../services/limits.js";
import { requireDomain } from "../services/domains.js";
import { checkCitations } from "./citations.js";
import { extractiveAnswer } from "./extractive.js";
import { CHAT_INSTRUCTIONS, chatMessages } from "./prompt.js";
import { gatherSources } from "./sources.js";

const THREAD = "Conversation";
/** Room kept in the context for the answer itself. */
const ANSWER_TOKENS = 1024;
const TITLE_MAX = 80;

export interface ChatDeps {
  /** Null: no model configured; answers quote passages instead. Read per question: an admin may change it. */
  readonly model: ChatModel | null;
  /** Model calls per user. */
  limiter: RateLimiter;
}

export function createChatDeps(ctx: ServiceContext, engines: { readonly chat: ChatModel | null }): ChatDeps {
  const perFive = ctx.config.CHAT_RATE_LIMIT;
  return {
    get model() {
      return engines.chat;
    },
    limiter: RateLimiter.perFiveMinutes(perFive, Math.max(1, Math.ceil(perFive / 3))),
  };
}

/** A question on its way: the answer's pieces as they come, then `finish` stores the turn. */
export interface AskRun {
  pieces: AsyncIterable<string>;
  finish(answer: string, stopped: boolean): Promise<ChatAnswer>;
}

/**
 * Ask your journal (DESIGN §12): checks the scope and the bounds, retrieves and packs the
 * sources, and starts the answer — the model's first piece has arrived (or failed, as a clear
 * error) when this returns, so an unreachable model is an HTTP error, not a broken stream.
 */
export async function startAsk(ctx: ServiceContext, chat: ChatDeps, userId: string, input: AskInput, signal: AbortSignal): Promise<AskRun> {
  await requireDomain(ctx, userId, input.domainId);
  const repo = chatRepository(ctx.db);
  let thread: ThreadRow | undefined;
  if (input.threadId) {
    thread = await repo.findThread(userId, input.threadId);
    // Ids are uuids: PostgreSQL reads them in any case, so compared here as it does.
    if (!thread || thread.domain_id.toLowerCase() !== input.domainId.toLowerCase()) throw notFound(THREAD);
    if ((await repo.countMessages(thread.id)) + 2 > CHAT_THREAD_MAX_MESSAGES) {
      throw new ApiError("conflict", `This conversation is full (${CHAT_THREAD_MAX_MESSAGES} messages). Start a new one to ask more.`);
    }
  }
  const model = chat.model;
  if (model && !chat.limiter.take(userId)) {
    throw new ApiError("rate_limited", "Too many questions in a short time. Please wait a minute and ask again.");
  }
  await spendOne(ctx, userId, "ask", input.tz);
  const range = input.period ? periodRange(input.period, input.periodKey!, input.tz) : undefined;
  const history = thread ? (await repo.messages(thread.id, CHAT_HISTORY_MESSAGES)).map((m) => ({ role: m.role, content: m.content })) : [];
  const context = ctx.config.CHAT_CONTEXT_TOKENS ?? ctx.config.SUMMARY_CONTEXT_TOKENS;
  const fixed = estimateTokens(CHAT_INSTRUCTIONS) + estimateTokens(input.question) + history.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0) + 64;
  const budget = Math.max(0, notesBudget(context) - fixed - ANSWER_TOKENS);
  const sources = await gatherSources(ctx, userId, { domainId: input.domainId, range, question: input.question }, budget);

  const finish = async (answer: string, stopped: boolean): Promise<ChatAnswer> => {
    const { content, citations } = checkCitations(answer, sources);
    const saved = await repo.saveTurn(
      userId,
      input.domainId,
      thread?.id ?? null,
      titleOf(input.question),
      { role: "user", content: input.question, citations: [], stopped: false },
      { role: "assistant", content, citations, stopped },
    );
    return { threadId: saved.threadId, message: toMessage(saved.answer) };
  };

  if (!model) return { pieces: once(extractiveAnswer(input.question, sources)), finish };
  const iterator = model.stream(chatMessages(input.question, sources, history), signal)[Symbol.asyncIterator]();
  const first = await iterator.next();
  return { pieces: prepend(first, iterator), finish };
}

/** The whole answer at once (Accept: application/json); a Stop (abort) keeps what had arrived. */
export async function askJournal(ctx: ServiceContext, chat: ChatDeps, userId: string, input: AskInput, signal: AbortSignal): Promise<ChatAnswer> {
  const run = await startAsk(ctx, chat, userId, input, signal);
  let text = "";
  for await (const piece of run.pieces) text += piece;
  return run.finish(text, signal.aborted);
}

export async function listThreads(ctx: ServiceContext, userId: string, domainId: string): Promise<ChatThread[]> {
  await requireDomain(ctx, userId, domainId);
  return (await chatRepository(ctx.db).listThreads(userId, domainId)).map(toThread);
}

export async function getThread(ctx: ServiceContext, userId: string, id: string): Promise<ChatThreadDetail> {
  const repo = chatRepository(ctx.db);
  const thread = await repo.findThread(userId, id);
  if (!thread) throw notFound(THREAD);
  const messages = (await repo.messages(thread.id)).map(toMessage);
  // A cited note or summary deleted since shows as such.
  const cited = messages.flatMap((m) => m.citations);
  const existing = await repo.existing(userId, {
    notes: cited.filter((c) => c.kind === "note").map((c) => c.id),
    summaries: cited.filter((c) => c.kind === "summary").map((c) => c.id),
  });
  for (const c of cited) if (!existing.has(c.id)) c.deleted = true;
  return { ...toThread(thread), messages };
}

export async function deleteThread(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await chatRepository(ctx.db).deleteThread(userId, id))) throw notFound(THREAD);
}

function titleOf(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  return line.length <= TITLE_MAX ? line : `${line.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

const storedCitations = z.array(chatCitationSchema);

function toMessage(row: MessageRow): ChatMessage {
  const parsed = storedCitations.safeParse(typeof row.citations === "string" ? JSON.parse(row.citations) : row.citations);
  const citations: ChatCitation[] = parsed.success ? parsed.data : [];
  return { id: row.id, role: row.role, content: row.content, citations, stopped: row.stopped, createdAt: iso(row.created_at) };
}

function toThread(row: ThreadRow): ChatThread {
  return { id: row.id, domainId: row.domain_id, title: row.title, updatedAt: iso(row.updated_at) };
}

async function* once(text: string): AsyncIterable<string> {
  yield text;
}

async function* prepend(first: IteratorResult<string>, rest: AsyncIterator<string>): AsyncIterable<string> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
