import type { CreateSummaryTypeInput, SummaryType, UpdateSummaryTypeInput } from "@vj/core";
import type { SummaryTypeRow } from "../db/schema.js";
import { notFound } from "../errors.js";
import { existsForAnyone } from "../repositories/scope.js";
import { summaryTypesRepository } from "../repositories/summary-types.js";
import { iso, type ServiceContext } from "./context.js";
import { requireDomain } from "./domains.js";

export function toSummaryType(row: SummaryTypeRow): SummaryType {
  return {
    id: row.id,
    userId: row.user_id,
    domainId: row.domain_id,
    name: row.name,
    prompt: row.prompt,
    createdAt: iso(row.created_at),
  };
}

export async function listSummaryTypes(ctx: ServiceContext, userId: string, domainId: string): Promise<SummaryType[]> {
  await requireDomain(ctx, userId, domainId);
  return (await summaryTypesRepository(ctx.db).list(userId, domainId)).map(toSummaryType);
}

export async function createSummaryType(
  ctx: ServiceContext,
  userId: string,
  input: CreateSummaryTypeInput,
): Promise<SummaryType> {
  await requireDomain(ctx, userId, input.domainId);
  return toSummaryType(await summaryTypesRepository(ctx.db).insert({ userId, ...input }));
}

/** The user's summary type, or the same 404 whether it is missing or someone else's. */
export async function requireSummaryType(ctx: ServiceContext, userId: string, id: string): Promise<SummaryTypeRow> {
  const row = await summaryTypesRepository(ctx.db).find(userId, id);
  if (!row) throw notFound("Summary type");
  return row;
}

export async function updateSummaryType(
  ctx: ServiceContext,
  userId: string,
  id: string,
  patch: UpdateSummaryTypeInput,
): Promise<SummaryType> {
  if (patch.name === undefined && patch.prompt === undefined) return toSummaryType(await requireSummaryType(ctx, userId, id));
  const row = await summaryTypesRepository(ctx.db).update(userId, id, patch);
  if (!row) throw notFound("Summary type");
  return toSummaryType(row);
}

export async function deleteSummaryType(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  if (await summaryTypesRepository(ctx.db).delete(userId, id)) return;
  // Already gone counts as deleted; another user's type still answers 404.
  if (await existsForAnyone(ctx.db, "summary_types", id)) throw notFound("Summary type");
}
