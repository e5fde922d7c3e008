import {
  countWords,
  DEFAULT_SUMMARY_PROMPT,
  periodHeadline,
  periodRange,
  periodSubLabel,
  type Period,
  type GenerateSummaryInput,
  type ListSummariesQuery,
  type ResponseLength,
  type Summary,
} from "@vj/core";
import type { DomainRow, SummaryTypeRow } from "../db/schema.js";
import { ApiError, notFound } from "../errors.js";
import { SummaryError, type SummaryResult } from "../engines/summaries/types.js";
import { existsForAnyone } from "../repositories/scope.js";
import { summariesRepository, type SummaryFigures, type SummaryRequest, type SummaryWithTypeRow } from "../repositories/summaries.js";
import { voiceNotesRepository } from "../repositories/voice-notes.js";
import { SUMMARY_JOB } from "../jobs/job-signals.js";
import { iso, type ServiceContext } from "./context.js";
import { requireDomain } from "./domains.js";
import { spendOne } from "./limits.js";
import { requireSummaryType } from "./summary-types.js";

export function toSummary(row: SummaryWithTypeRow): Summary {
  return {
    id: row.id,
    userId: row.user_id,
    domainId: row.domain_id,
    summaryTypeId: row.summary_type_id,
    summaryTypeName: row.summary_type_name,
    period: row.period as Summary["period"],
    periodKey: row.period_key,
    prompt: row.prompt,
    responseLength: row.response_length as ResponseLength,
    content: row.content,
    themes: row.themes,
    totalVoiceNotes: row.total_voice_notes,
    totalDuration: row.total_duration,
    wordsTranscribed: row.words_transcribed,
    engine: row.engine,
    status: row.status,
    error: row.error,
    createdAt: iso(row.created_at),
  };
}

export async function listSummaries(ctx: ServiceContext, userId: string, q: ListSummariesQuery): Promise<Summary[]> {
  if (q.domainId) await requireDomain(ctx, userId, q.domainId);
  return (await summariesRepository(ctx.db).list(userId, q)).map(toSummary);
}

export async function deleteSummary(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  if (await summariesRepository(ctx.db).delete(userId, id)) return;
  // Already gone counts as deleted; another user's summary still answers 404.
  if (await existsForAnyone(ctx.db, "summaries", id)) throw notFound("Summary");
}

/** A generate request checked against the user's data: what an engine needs to write the summary. */
export interface ResolvedGenerateRequest {
  userId: string;
  domain: DomainRow;
  summaryType: SummaryTypeRow | null;
  prompt: string;
  period: GenerateSummaryInput["period"];
  periodKey: string;
  responseLength: ResponseLength;
  timeZone: string;
  range: { start: Date; end: Date };
}

/**
 * Ownership and consistency rules of POST /api/summaries/generate: the collection is the
 * user's, a custom type is the user's and belongs to that collection.
 */
export async function resolveGenerateRequest(
  ctx: ServiceContext,
  userId: string,
  input: GenerateSummaryInput,
): Promise<ResolvedGenerateRequest> {
  const domain = await requireDomain(ctx, userId, input.domainId);
  let summaryType: SummaryTypeRow | null = null;
  if (input.summaryTypeId) {
    summaryType = await requireSummaryType(ctx, userId, input.summaryTypeId);
    if (summaryType.domain_id !== domain.id) {
      throw new ApiError("validation_failed", "That summary type belongs to another collection", [
        { path: "summaryTypeId", message: "That summary type belongs to another collection" },
      ]);
    }
  }
  return {
    userId,
    domain,
    summaryType,
    prompt: summaryType ? summaryType.prompt : DEFAULT_SUMMARY_PROMPT,
    period: input.period,
    periodKey: input.periodKey,
    responseLength: input.responseLength,
    timeZone: input.tz,
    range: periodRange(input.period, input.periodKey, input.tz),
  };
}

/**
 * POST /api/summaries/generate (DESIGN §7): checks the request (the collection and type are the
 * user's, the period has transcribed notes: 422 otherwise), then stores it at once as a pending
 * summary that the job runner writes. The same clientRequestId sent again answers the summary it
 * already made (`created` false); the runner is woken for a new one.
 */
export async function requestSummary(ctx: ServiceContext, userId: string, input: GenerateSummaryInput): Promise<{ summary: Summary; created: boolean }> {
  const request = await resolveGenerateRequest(ctx, userId, input);
  const summaries = summariesRepository(ctx.db);
  if (input.clientRequestId) {
    const again = await summaries.findByClientRequestId(userId, input.clientRequestId);
    if (again) return { summary: toSummary(again), created: false };
  }
  const notes = await voiceNotesRepository(ctx.db).listTranscribedInRange(userId, { ...request.range, domainId: request.domain.id });
  if (notes.length === 0) {
    throw new ApiError("unprocessable", "There are no transcribed notes in this period to summarise yet.");
  }
  await spendOne(ctx, userId, "summaries", request.timeZone);
  const { row, created } = await summaries.insertPending({
    userId,
    domainId: request.domain.id,
    summaryTypeId: request.summaryType?.id ?? null,
    period: request.period,
    periodKey: request.periodKey,
    prompt: request.prompt,
    responseLength: request.responseLength,
    clientRequestId: input.clientRequestId ?? null,
    timeZone: request.timeZone,
  });
  if (created) ctx.wakeJobs?.(SUMMARY_JOB);
  return { summary: toSummary(row), created };
}

/**
 * Writes a pending summary: the period's transcribed notes as they are now, through the summary
 * engine. Throws SummaryError (with `retryable`) when the engine fails, or when the period has no
 * transcribed notes any more.
 */
export async function writeSummary(
  ctx: Pick<ServiceContext, "db" | "summarizer">,
  job: SummaryRequest & { timeZone: string },
): Promise<SummaryFigures> {
  const typeName = job.summaryTypeId
    ? ((await ctx.db.selectFrom("summary_types").select("name").where("id", "=", job.summaryTypeId).executeTakeFirst())?.name ?? null)
    : null;
  const period = job.period as Period;
  const range = periodRange(period, job.periodKey, job.timeZone);
  const notes = await voiceNotesRepository(ctx.db).listTranscribedInRange(job.userId, { ...range, domainId: job.domainId });
  if (notes.length === 0) throw new SummaryError("There are no transcribed notes in this period to summarise any more.", false);
  const result: SummaryResult = await ctx.summarizer.summarize({
    notes: notes.map((n) => ({ title: n.title, createdAt: n.createdAt, text: n.transcription, durationSeconds: n.duration })),
    prompt: job.prompt ?? DEFAULT_SUMMARY_PROMPT,
    responseLength: job.responseLength as ResponseLength,
    periodLabel: periodLabel(period, job.periodKey),
    ...(typeName ? { typeName } : {}),
  });
  return {
    content: result.content,
    themes: result.themes,
    totalVoiceNotes: notes.length,
    totalDuration: notes.reduce((sum, n) => sum + n.duration, 0),
    wordsTranscribed: notes.reduce((sum, n) => sum + countWords(n.transcription), 0),
    engine: result.engine,
  };
}

/**
 * How the period reads in the summary (the extractive engine's heading, the model's context):
 * absolute dates, never "This Week", because a summary is read long after it was written.
 */
export function periodLabel(period: Period, periodKey: string): string {
  switch (period) {
    case "day":
      return periodSubLabel("day", periodKey);
    case "week":
      // An epoch "now" keeps the headline off "This Week" / "Last Week": it is the Sunday–Saturday range.
      return `${periodSubLabel("week", periodKey)} (${periodHeadline("week", periodKey, "UTC", new Date(0))})`;
    case "month":
      return periodHeadline("month", periodKey, "UTC", new Date(0));
  }
}
