import {
  DEFAULT_SUMMARY_PROMPT,
  periodRange,
  type GenerateSummaryInput,
  type ListSummariesQuery,
  type ResponseLength,
  type Summary,
} from "@vj/core";
import type { DomainRow, SummaryTypeRow } from "../db/schema.js";
import { ApiError, notFound } from "../errors.js";
import { summariesRepository, type SummaryWithTypeRow } from "../repositories/summaries.js";
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
export interface SummaryRequest {
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
export async function resolveSummaryRequest(
  ctx: ServiceContext,
  userId: string,
  input: GenerateSummaryInput,
): Promise<SummaryRequest> {
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
 * Writes a summary of the period's transcribed notes. The summary engines arrive in a later
 * issue and replace the body after validation; until then the request is checked in full
 * and answered 503.
 */
export async function generateSummary(ctx: ServiceContext, userId: string, input: GenerateSummaryInput): Promise<Summary> {
  await resolveSummaryRequest(ctx, userId, input);
  throw new ApiError("engine_unavailable", "Summary generation is not available yet");
}
