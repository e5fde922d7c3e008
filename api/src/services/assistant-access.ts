import type { ConnectedAssistant, CreateAssistantTokenInput, CreatedAssistantToken } from "@vj/core";
import { hashToken, newOpaqueToken } from "../auth/opaque-tokens.js";
import { setBounded } from "../bounded-map.js";
import { notFound } from "../errors.js";
import { assistantAccessRepository, type CredentialOwner, type GrantRow } from "../repositories/assistant-access.js";
import { iso, type ServiceContext } from "./context.js";

export function toConnectedAssistant(row: GrantRow): ConnectedAssistant {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    scope: row.scope,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
  };
}

/** A new read-only access token; the token itself is in this answer only (stored hashed). */
export async function createAssistantToken(ctx: ServiceContext, userId: string, input: CreateAssistantTokenInput): Promise<CreatedAssistantToken> {
  const token = newOpaqueToken("token");
  const grant = await assistantAccessRepository(ctx.db).createGrant(
    { userId, kind: "token", name: input.name },
    [{ hash: hashToken(token), kind: "token", expiresAt: null }],
  );
  return { token, assistant: toConnectedAssistant(grant) };
}

export async function listConnectedAssistants(ctx: ServiceContext, userId: string): Promise<ConnectedAssistant[]> {
  return (await assistantAccessRepository(ctx.db).listGrants(userId)).map(toConnectedAssistant);
}

/** Revokes a token or an OAuth app's access; another person's (or an unknown) id answers 404. */
export async function revokeConnectedAssistant(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await assistantAccessRepository(ctx.db).revokeGrant(userId, id))) throw notFound("Connected assistant");
}

/** When this process last wrote each grant's last use: a busy assistant costs no write per request. */
const touchedAt = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/** Who a bearer token presented at /mcp speaks for, or undefined (unknown, revoked, expired). */
export async function assistantOfToken(ctx: Pick<ServiceContext, "db">, token: string): Promise<CredentialOwner | undefined> {
  const repo = assistantAccessRepository(ctx.db);
  const owner = await repo.findAccess(hashToken(token));
  if (owner && Date.now() - (touchedAt.get(owner.grant_id) ?? 0) >= TOUCH_EVERY_MS) {
    setBounded(touchedAt, owner.grant_id, Date.now(), 10_000);
    await repo.touch(owner.grant_id);
  }
  return owner;
}
