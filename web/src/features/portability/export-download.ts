import { apiOpen } from "../../lib/api-client";

/**
 * Downloads the journal export (all collections, or one). The API wants the bearer token, which a
 * plain link cannot send, so the page fetches the zip and hands it to the browser as a file.
 */
export async function downloadExport(domainId?: string): Promise<void> {
  const res = await apiOpen(`/api/export${domainId ? `?domainId=${encodeURIComponent(domainId)}` : ""}`, { method: "GET", accept: "application/zip" });
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "voice-journal.zip";
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
