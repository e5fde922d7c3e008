import type { ConnectedAssistant, CreateAssistantTokenInput, CreatedAssistantToken } from "@vj/core";
import { hashToken, newOpaqueToken } from "../auth/opaque-tokens.js";
import { setBounded } from "../bounded-map.js";
import { notFound } from "../errors.js";
import { assistantAccessRepository, type AccessKey, type CredentialOwner, type GrantRow } from "../repositories/assistant-access.js";
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
export function assistantOfToken(ctx: Pick<ServiceContext, "db">, token: string): Promise<CredentialOwner | undefined> {
  return assistantOfTokenHash(ctx, hashToken(token));
}

/** The same, for a token already hashed (hashToken). */
export async function assistantOfTokenHash(ctx: Pick<ServiceContext, "db">, hash: string): Promise<CredentialOwner | undefined> {
  const owner = await assistantAccessRepository(ctx.db).findAccess(hash);
  if (owner) await noteAssistantUse(ctx, owner.grant_id);
  return owner;
}

/** Notes a grant's use for its last-use time, written at most once a minute per process. */
export async function noteAssistantUse(ctx: Pick<ServiceContext, "db">, grantId: string): Promise<void> {
  if (Date.now() - (touchedAt.get(grantId) ?? 0) < TOUCH_EVERY_MS) return;
  setBounded(touchedAt, grantId, Date.now(), 10_000);
  await assistantAccessRepository(ctx.db).touch(grantId);
}

/**
 * A presented token whose owner this process already knows, not looked up for this request
 * yet: a tool's own query can prove it live (repositories/assistant-access.ts liveAccess, then
 * prove()); other work starts the lookup beside itself (lookUp). Whatever is not proven is
 * looked up before an answer leaves, so a revoked or expired token, or a disabled account, is
 * refused at once.
 */
export class PendingAccess implements AccessKey {
  #proven = false;
  #lookup: Promise<CredentialOwner | undefined> | undefined;
  readonly now = new Date();
  constructor(
    private readonly ctx: Pick<ServiceContext, "db">,
    readonly hash: string,
    readonly owner: CredentialOwner,
  ) {}

  get userId(): string {
    return this.owner.user_id;
  }

  get timeZone(): string | null {
    return this.owner.time_zone;
  }

  prove(): void {
    this.#proven = true;
  }

  get proven(): boolean {
    return this.#proven;
  }

  /** The lookup, started on the first call. */
  lookUp(): Promise<CredentialOwner | undefined> {
    if (!this.#lookup) {
      this.#lookup = assistantOfTokenHash(this.ctx, this.hash);
      // Awaited by whoever needs it; a proven request never does.
      this.#lookup.catch(() => {});
    }
    return this.#lookup;
  }
}
