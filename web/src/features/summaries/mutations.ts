import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ResponseLength, Summary, SummaryType } from "@vj/core";
import { answerSchema, ApiError, apiRequest, browserTimeZone } from "../../lib/api-client";
import { nextChange } from "../../lib/change-stream";
import { useAppMutation } from "../../lib/mutation";
import { pendingGenerations } from "./pending-generations";
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
  return useAppMutation({
    mutationFn: async ({ scope, selection, responseLength, type }: GenerateArgs) => {
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
          body: {
            ...scope,
            isGeneralSummary: selection.kind === "general",
            ...(selection.kind === "type" ? { summaryTypeId: selection.id } : {}),
            responseLength,
            tz: browserTimeZone(),
            // One per click: resending this request can never make a second summary.
            clientRequestId: crypto.randomUUID(),
          },
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

export function useDeleteSummary() {
  return useAppMutation({
    mutationFn: (summary: Summary) => apiRequest(`/api/summaries/${summary.id}`, { method: "DELETE", schema: answerSchema((s) => s.successSchema) }),
    invalidate: (summary) => [summaryKeys.list(summary)],
    success: { title: "Summary deleted", description: "The summary has been removed successfully." },
    failure: { title: "Error", description: "Failed to delete summary. Please try again." },
  });
}

export type TypeFields = { name: string; prompt: string };

export function useCreateSummaryType(domainId: string) {
  return useAppMutation({
    mutationFn: (fields: TypeFields) =>
      apiRequest("/api/summary-types", { method: "POST", body: { ...fields, domainId }, schema: answerSchema((s) => s.summaryTypeSchema) }),
    invalidate: () => [summaryTypeKeys.list(domainId)],
    failure: { title: "Error", description: "Failed to create summary type. Please try again." },
  });
}

export function useUpdateSummaryType(domainId: string) {
  return useAppMutation({
    mutationFn: ({ id, ...fields }: TypeFields & { id: string }) =>
      apiRequest(`/api/summary-types/${id}`, { method: "PATCH", body: fields, schema: answerSchema((s) => s.summaryTypeSchema) }),
    // Summaries show the type's name, so their lists refresh too.
    invalidate: () => [summaryTypeKeys.list(domainId), summaryKeys.collection(domainId)],
    failure: { title: "Error", description: "Failed to update summary type. Please try again." },
  });
}

/** Deleting a type deletes every summary made with it (SPEC §7), so the collection's summary lists refresh. */
export function useDeleteSummaryType(domainId: string) {
  return useAppMutation({
    mutationFn: (id: string) => apiRequest(`/api/summary-types/${id}`, { method: "DELETE", schema: answerSchema((s) => s.successSchema) }),
    invalidate: () => [summaryTypeKeys.list(domainId), summaryKeys.collection(domainId)],
    failure: { title: "Error", description: "Failed to delete summary type. Please try again." },
  });
}
