import crypto from "node:crypto";
import { collectionSlug, type Domain, type DomainStats, createDomainSchema, updateDomainSchema } from "@vj/core";
import type { z } from "zod";
import type { DomainRow } from "../db/schema.js";
import { ApiError, notFound } from "../errors.js";
import { domainsRepository } from "../repositories/domains.js";
import { existsForAnyone } from "../repositories/scope.js";
import { iso, type ServiceContext } from "./context.js";

export function toDomain(row: DomainRow): Domain {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    primaryColor: row.primary_color,
    isDefault: row.is_default,
    createdAt: iso(row.created_at),
  };
}

export async function listDomains(ctx: ServiceContext, userId: string): Promise<Domain[]> {
  return (await domainsRepository(ctx.db).list(userId)).map(toDomain);
}

export async function getDefaultDomain(ctx: ServiceContext, userId: string): Promise<Domain> {
  const row = await domainsRepository(ctx.db).findDefault(userId);
  if (!row) throw new ApiError("not_found", "You have no collections yet");
  return toDomain(row);
}

/** The user's collection, or the same 404 whether it is missing or someone else's. */
export async function requireDomain(ctx: ServiceContext, userId: string, id: string): Promise<DomainRow> {
  const row = await domainsRepository(ctx.db).find(userId, id);
  if (!row) throw notFound("Collection");
  return row;
}

export async function createDomain(
  ctx: ServiceContext,
  userId: string,
  input: z.output<typeof createDomainSchema>,
): Promise<Domain> {
  // The id is chosen here because a name without a-z/0-9 takes its slug from the id.
  const id = crypto.randomUUID();
  const slug = collectionSlug(input.name, id);
  const row = await domainsRepository(ctx.db).insert({
    id,
    userId,
    name: input.name,
    slug,
    description: input.description ? input.description : null,
    primaryColor: input.primaryColor,
    isDefault: input.isDefault,
  });
  if (!row) {
    throw new ApiError(
      "conflict",
      `You already have a collection whose address would be "/${slug}". Please choose a different name.`,
    );
  }
  return toDomain(row);
}

export async function getDomainStats(ctx: ServiceContext, userId: string, id: string): Promise<DomainStats> {
  await requireDomain(ctx, userId, id);
  const stats = await domainsRepository(ctx.db).stats(userId, id);
  return { ...stats, recentRecording: stats.recentRecording ? iso(stats.recentRecording) : "" };
}

/** Name, description and colour; the slug stays, so the collection's address does not move. */
export async function updateDomain(
  ctx: ServiceContext,
  userId: string,
  id: string,
  patch: z.output<typeof updateDomainSchema>,
): Promise<Domain> {
  const row = await domainsRepository(ctx.db).update(userId, id, {
    name: patch.name,
    description: patch.description === undefined ? undefined : patch.description ? patch.description : null,
    primaryColor: patch.primaryColor,
  });
  if (!row) throw notFound("Collection");
  return toDomain(row);
}

/** What deleting the collection takes with it, for the confirmation. */
export async function getDomainContents(ctx: ServiceContext, userId: string, id: string): Promise<{ notes: number; summaries: number }> {
  await requireDomain(ctx, userId, id);
  return domainsRepository(ctx.db).contents(userId, id);
}

/**
 * Deletes the collection with its notes, summaries, summary types and threads, then the notes'
 * audio files; its slug is free again. A collection already gone counts as deleted (a repeated
 * delete succeeds); another user's answers 404 as a missing one would for a read.
 */
export async function deleteDomain(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  const keys = await domainsRepository(ctx.db).delete(userId, id);
  if (!keys) {
    if (await existsForAnyone(ctx.db, "domains", id)) throw notFound("Collection");
    return;
  }
  const results = await Promise.allSettled(keys.map((key) => ctx.blobs.delete(key)));
  const failed = results.filter((r) => r.status === "rejected").length;
  if (failed > 0) ctx.logger.error({ userId, domainId: id, failed }, "audio left behind after collection deletion");
}
