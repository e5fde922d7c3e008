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
import { summariesRepository, type SummaryWithTypeRow } from "../repositories/summaries.js";
import { voiceNotesRepository } from "../repositories/voice-notes.js";
import { iso, type ServiceContext } from "./context.js";
import { requireDomain } from "./domains.js";
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
    createdAt: iso(row.created_at),
  };
}

export async function listSummaries(ctx: ServiceContext, userId: string, q: ListSummariesQuery): Promise<Summary[]> {
  if (q.domainId) await requireDomain(ctx, userId, q.domainId);
  return (await summariesRepository(ctx.db).list(userId, q)).map(toSummary);
}

export async function deleteSummary(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await summariesRepository(ctx.db).delete(userId, id))) throw notFound("Summary");
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
 * Writes a summary of the period's transcribed notes of the collection (DESIGN §7): the engine
 * runs inside the request and the summary is stored only once it has answered, so a failure
 * leaves nothing behind.
 */
export async function generateSummary(ctx: ServiceContext, userId: string, input: GenerateSummaryInput): Promise<Summary> {
  const request = await resolveGenerateRequest(ctx, userId, input);
  const notes = await voiceNotesRepository(ctx.db).listTranscribedInRange(userId, { ...request.range, domainId: request.domain.id });
  if (notes.length === 0) {
    throw new ApiError("unprocessable", "There are no transcribed notes in this period to summarise yet.");
  }

  let result: SummaryResult;
  try {
    result = await ctx.summarizer.summarize({
      notes: notes.map((n) => ({ title: n.title, createdAt: n.createdAt, text: n.transcription, durationSeconds: n.duration })),
      prompt: request.prompt,
      responseLength: request.responseLength,
      periodLabel: periodLabel(request.period, request.periodKey),
      ...(request.summaryType ? { typeName: request.summaryType.name } : {}),
    });
  } catch (err) {
    throw engineError(ctx, err, { summarizer: ctx.summarizer.name, notes: notes.length });
  }

  const row = await summariesRepository(ctx.db)
    .insert({
      userId,
      domainId: request.domain.id,
      summaryTypeId: request.summaryType?.id ?? null,
      period: request.period,
      periodKey: request.periodKey,
      prompt: request.prompt,
      responseLength: request.responseLength,
      content: result.content,
      themes: result.themes,
      totalVoiceNotes: notes.length,
      totalDuration: notes.reduce((sum, n) => sum + n.duration, 0),
      wordsTranscribed: notes.reduce((sum, n) => sum + countWords(n.transcription), 0),
      engine: result.engine,
    })
    .catch((err: unknown) => {
      // The collection or type was deleted while the engine was writing (SQLSTATE 23503).
      if ((err as { code?: unknown } | null)?.code === "23503") throw notFound(request.summaryType ? "Summary type" : "Collection");
      throw err;
    });
  return toSummary(row);
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

/** A failed engine as the API answers it: 503 when asking again later may help, 502 when it will not. */
function engineError(ctx: ServiceContext, err: unknown, context: Record<string, unknown>): unknown {
  if (!(err instanceof SummaryError)) return err;
  ctx.logger.warn({ err, ...context, retryable: err.retryable }, "summary engine failed");
  const reason = err.message.replace(/[.\s]+$/, "");
  return err.retryable
    ? new ApiError("engine_unavailable", `Could not generate the summary right now: ${reason}. Please try again in a moment.`)
    : new ApiError("engine_failed", `Could not generate the summary: ${reason}.`);
}
