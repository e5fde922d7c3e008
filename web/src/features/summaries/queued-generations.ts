import { DEFAULT_RESPONSE_LENGTH, RESPONSE_LENGTHS, type ResponseLength, type SummaryType } from "@vj/core";
import type { PendingChange } from "../outbox/outbox-db";
import type { SummaryScope } from "./queries";

/**
 * A summary asked for while the request could not leave the device (DESIGN §13): it waits in the
 * outbox as a "generate" change and is sent when the connection is back; meanwhile its card says
 * it waits. Pure functions: no React, no DOM.
 */
export type QueuedGeneration = { change: PendingChange; typeName: string | null; prompt: string | null; responseLength: ResponseLength };

/** The scope's waiting requests, oldest first, with what their cards show (the type's name and prompt, if it is known here). */
export function queuedGenerations(changes: readonly PendingChange[], scope: SummaryScope, types: readonly SummaryType[]): QueuedGeneration[] {
  return changes
    .filter((c) => c.action === "generate" && c.body?.domainId === scope.domainId && c.body?.period === scope.period && c.body?.periodKey === scope.periodKey)
    .map((change) => {
      const type = typeof change.body?.summaryTypeId === "string" ? types.find((t) => t.id === change.body!.summaryTypeId) : undefined;
      const length = RESPONSE_LENGTHS.find((l) => l === change.body?.responseLength);
      return {
        change,
        typeName: type?.name ?? (change.body?.isGeneralSummary === false ? "Summary" : null),
        prompt: type?.prompt ?? null,
        responseLength: length ?? DEFAULT_RESPONSE_LENGTH,
      };
    });
}
