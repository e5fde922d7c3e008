import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ResponseLength, Summary, SummaryType } from "@vj/core";
import { answerSchema, ApiError, apiRequest, browserTimeZone } from "../../lib/api-client";
import { nextChange } from "../../lib/change-stream";
import { useAppMutation } from "../../lib/mutation";
import { useAuth } from "../auth/auth-provider";
import { countChanges } from "../outbox/changes-store";
import { outboxDb } from "../outbox/outbox-db";
import { makeChange } from "../outbox/page-outbox";
import { pendingGenerations } from "./pending-generations";
import { summaryTypeCreateChange, summaryTypeOfCreate } from "./type-changes";
import { summaryKeys, summaryPollMs, summaryQueries, summaryTypeKeys, type SummaryScope } from "./queries";
import type { TypeSelection } from "./selection";

export type GenerateArgs = {
  scope: SummaryScope;
  selection: Exclude<TypeSelection, null>;
  responseLength: ResponseLength;
  /** What the placeholder shows while the summary is written. */
  type: Pick<SummaryType, "name" | "prompt"> | null;
};

/**
 * POST /api/summaries/generate (SPEC §4). The placeholder card is registered as the request
 * leaves and the list refreshes on success or failure. The server finishes the summary even if
 * this page goes away, which is why the placeholder lives in `pendingGenerations`, not here.
 */
export function useGenerateSummary() {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return useAppMutation({
    mutationFn: async ({ scope, selection, responseLength, type }: GenerateArgs): Promise<Summary | null> => {
      const body = {
        ...scope,
        isGeneralSummary: selection.kind === "general",
        ...(selection.kind === "type" ? { summaryTypeId: selection.id } : {}),
        responseLength,
        tz: browserTimeZone(),
        // One per click: resending this request can never make a second summary.
        clientRequestId: crypto.randomUUID(),
      };
      // No connection, or changes it may build on (a type or collection made here) still wait:
      // the request waits in the outbox, behind them, and its card says so.
      if (!navigator.onLine || (await countChanges(outboxDb(), ownerId)) > 0) {
        await makeChange({ ownerId, target: { type: "summary", id: body.clientRequestId }, action: "generate", method: "POST", path: "/api/summaries/generate", body });
        return null;
      }
      const known = queryClient.getQueryData<Summary[]>(summaryKeys.list(scope)) ?? [];
      const pendingId = pendingGenerations.start({
        ...scope,
        typeName: type?.name ?? null,
        prompt: type?.prompt ?? null,
        responseLength,
        knownIds: known.map((s) => s.id),
      });
      let summary: Summary;
      try {
        // Answered at once with the pending summary; the server writes it as a durable job.
        summary = await apiRequest("/api/summaries/generate", {
          method: "POST",
          body,
          schema: answerSchema((s) => s.summarySchema),
        });
      } catch (err) {
        pendingGenerations.failed(pendingId);
        throw err;
      }
      // The server's pending summary now stands for the placeholder (the list shows it as one).
      pendingGenerations.succeeded(pendingId, summary.id);
      return waitUntilWritten(queryClient, scope, summary);
    },
    invalidate: ({ scope }) => [summaryKeys.list(scope)],
    invalidateOnError: true,
    // Runs offline too: with no connection the request is kept in the outbox.
    networkMode: "always",
    failure: (error) =>
      // DESIGN §7: a period with no transcribed notes answers 422 with a message worth reading.
      error instanceof ApiError && error.status === 422
        ? { title: "Nothing to summarise yet", description: error.serverMessage }
        : { title: "Error", description: "Failed to generate summary. Please try again." },
  });
}

/** Follows a pending summary in the list until it is written (or failed); the list itself keeps polling after a reload. */
async function waitUntilWritten(queryClient: QueryClient, scope: SummaryScope, pending: Summary): Promise<Summary> {
  const deadline = Date.now() + 30 * 60_000;
  for (let current = pending; ; ) {
    if (current.status === "ready") return current;
    if (current.status === "failed") throw new Error(current.error ?? "Failed to generate summary. Please try again.");
    if (Date.now() > deadline) return current;
    await nextChange("summary", summaryPollMs());
    const list = await queryClient.fetchQuery({ ...summaryQueries.list(scope), staleTime: 0 });
    const found = list.find((s) => s.id === pending.id);
    if (!found) throw new Error("The summary was removed while it was being written.");
    current = found;
  }
}

/**
 * Deleting a summary goes through the outbox (DESIGN §13): kept on the device, gone from the list
 * at once, sent now or when the connection is back; a repeat of it is applied once.
 */
export function useDeleteSummary() {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return useAppMutation({
    mutationFn: async (summary: Summary) => {
      await makeChange({ ownerId, target: { type: "summary", id: summary.id }, action: "delete", method: "DELETE", path: `/api/summaries/${summary.id}` });
      queryClient.setQueryData<Summary[]>(summaryKeys.list(summary), (list) => list?.filter((s) => s.id !== summary.id));
    },
    success: { title: "Summary deleted", description: "The summary has been removed successfully." },
    failure: { title: "Error", description: "Failed to delete summary. Please try again." },
    networkMode: "always",
  });
}

export type TypeFields = { name: string; prompt: string };

/** Creating a type goes through the outbox like every change (DESIGN §13): in the list at once, offline too. */
export function useCreateSummaryType(domainId: string) {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return useAppMutation({
    mutationFn: async (fields: TypeFields): Promise<SummaryType> => {
      const change = await makeChange(summaryTypeCreateChange(ownerId, crypto.randomUUID(), domainId, fields));
      const created = summaryTypeOfCreate(change)!;
      queryClient.setQueryData<SummaryType[]>(summaryTypeKeys.list(domainId), (list) => [...(list ?? []), created]);
      return created;
    },
    failure: { title: "Error", description: "Failed to create summary type. Please try again." },
    networkMode: "always",
  });
}

/** Editing a type goes through the outbox like every change (DESIGN §13), shown in its list at once. */
export function useUpdateSummaryType(domainId: string) {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return useAppMutation({
    mutationFn: async ({ id, ...fields }: TypeFields & { id: string }) => {
      await makeChange({ ownerId, target: { type: "summary-type", id }, action: "update", method: "PATCH", path: `/api/summary-types/${id}`, body: fields });
      queryClient.setQueryData<SummaryType[]>(summaryTypeKeys.list(domainId), (list) => list?.map((t) => (t.id === id ? { ...t, ...fields } : t)));
    },
    failure: { title: "Error", description: "Failed to update summary type. Please try again." },
    networkMode: "always",
  });
}

/**
 * Deleting a type deletes every summary made with it (SPEC §7): through the outbox, gone from the
 * types at once; the collection's summary lists refresh once the server has it.
 */
export function useDeleteSummaryType(domainId: string) {
  const queryClient = useQueryClient();
  const ownerId = useAuth().user?.id ?? "";
  return useAppMutation({
    mutationFn: async (id: string) => {
      await makeChange({ ownerId, target: { type: "summary-type", id }, action: "delete", method: "DELETE", path: `/api/summary-types/${id}` });
      queryClient.setQueryData<SummaryType[]>(summaryTypeKeys.list(domainId), (list) => list?.filter((t) => t.id !== id));
    },
    failure: { title: "Error", description: "Failed to delete summary type. Please try again." },
    networkMode: "always",
  });
}
