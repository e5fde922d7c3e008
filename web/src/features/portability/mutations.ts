import type { ImportResult } from "@vj/core";
import { ApiError, loadAnswerSchemas } from "../../lib/api-client";
import { currentAccessToken } from "../../lib/access-token";
import { useAppMutation } from "../../lib/mutation";
import { xhrTransport } from "../outbox/xhr-transport";
import { errorMessageOf } from "../outbox/upload-answer";
import { downloadExport } from "./export-download";

/** "Export my journal" and a collection's "Export". */
export function useExportJournal() {
  return useAppMutation({
    mutationFn: (domainId?: string) => downloadExport(domainId),
    failure: (error) => ({ title: "Export failed", description: error.message }),
  });
}

/** What an import did, in one line: "12 notes, 3 summaries imported; 0 already there". */
export function importSummary(r: ImportResult): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(r.notes.imported, "note", "notes")}, ${count(r.summaries.imported, "summary", "summaries")} imported; ${r.notes.existing + r.summaries.existing} already there`;
}

/** Sends an export zip to POST /api/import with upload progress (0–1) and refreshes everything after. */
export function useImportJournal(onProgress: (fraction: number) => void) {
  return useAppMutation({
    mutationFn: async (file: File): Promise<ImportResult> => {
      const form = new FormData();
      form.append("file", file, file.name);
      const token = currentAccessToken();
      const res = await xhrTransport({
        url: "/api/import",
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        body: form,
        onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      });
      if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, errorMessageOf(res.body) ?? (res.body || res.statusText), null);
      const { importResultSchema } = await loadAnswerSchemas();
      return importResultSchema.parse(JSON.parse(res.body));
    },
    // An import may add to every list (collections, notes, summaries, their types, search hits):
    // the empty prefix reads every cached answer again, active ones at once.
    invalidate: () => [[]],
    // An import that stops after some batches keeps them (the server says how far it got): the lists show them.
    invalidateOnError: true,
  });
}
