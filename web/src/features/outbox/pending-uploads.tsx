import { formatDuration, formatNoteTimestamp, type Domain } from "@vj/core";
import { CloudOff, HardDrive, RotateCw, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast-store";
import { browserTimeZone } from "../../lib/api-client";
import { formatBytes } from "../../lib/format-bytes";
import { outboxDb, type PendingUpload } from "./outbox-db";
import { claimUploads, deletePendingUpload } from "./outbox-store";
import { replayFromPage, sendFromPage } from "./page-outbox";
import { useAuth } from "../auth/auth-provider";
import { useUploadProgress } from "./upload-progress";
import { useOnline } from "../../lib/use-online";
import { useOutboxUsage, usePendingUploads, useUnclaimedUploads } from "./use-outbox";

/**
 * The amber "Pending Upload" cards (SPEC §2): recordings of this collection (or of none) that are
 * still on the device, newest first, with how full the 80 MB outbox is.
 */
export function PendingUploads({ collection }: { collection: Domain }) {
  const items = usePendingUploads();
  const usage = useOutboxUsage();
  const online = useOnline();
  const progress = useUploadProgress();
  const mine = (items ?? []).filter((item) => item.status !== "held" && (item.domainId === collection.id || item.domainId === null));
  if (mine.length === 0) return <UnclaimedUploads />;

  return (
    <section aria-label="Pending uploads" className="space-y-3">
      <UnclaimedUploads />
      {mine.map((item) => (
        <PendingCard key={item.id} item={item} online={online} progress={progress.get(item.id)} />
      ))}
      <p className="flex items-center gap-1.5 text-xs text-slate-500" data-testid="outbox-usage">
        <HardDrive className="size-3.5" aria-hidden />
        Offline storage: {formatBytes(usage.bytes)} of {formatBytes(usage.maxBytes)} used
      </p>
    </section>
  );
}

function PendingCard({ item, online, progress }: { item: PendingUpload; online: boolean; progress: number | undefined }) {
  const [sending, setSending] = useState(false);
  const uploading = sending || item.status === "uploading";
  const timeZone = browserTimeZone();

  const retry = async () => {
    setSending(true);
    try {
      const result = await sendFromPage(item.id);
      if (result.kind === "delivered") {
        toast({ title: "Upload Successful", description: "Recording uploaded and transcription started." });
      } else if (result.kind !== "busy" && result.kind !== "gone") {
        toast({ variant: "destructive", title: "Upload Failed", description: "Failed to upload recording. You can try again later." });
      }
    } finally {
      setSending(false);
    }
  };

  const remove = async () => {
    await deletePendingUpload(outboxDb(), item.id);
    toast({ title: "Recording Deleted", description: "Pending recording has been deleted from local storage." });
  };

  return (
    <article
      data-testid="pending-upload"
      aria-label={`Pending upload: ${item.title}`}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">
          <Upload className="size-3" aria-hidden />
          Pending Upload
        </span>
        {online ? null : (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-700 px-2 py-0.5 text-xs font-semibold text-white">
            <CloudOff className="size-3" aria-hidden />
            Offline
          </span>
        )}
      </div>
      <h3 className="mt-2 font-semibold text-slate-900 [overflow-wrap:anywhere]">{item.title}</h3>
      <p className="mt-1 text-sm text-amber-900/80">
        {formatDuration(item.duration)} · {formatNoteTimestamp(new Date(item.createdAt), timeZone, new Date())}
        {item.attempts > 0 ? ` · ${item.attempts} ${item.attempts === 1 ? "attempt" : "attempts"}` : null}
      </p>
      {item.lastError ? <p className="mt-1 text-sm text-red-700 [overflow-wrap:anywhere]">{item.lastError}</p> : null}
      {uploading ? (
        <div className="mt-3" aria-live="polite">
          <div
            className="h-1.5 overflow-hidden rounded-full bg-amber-200"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress === undefined ? undefined : Math.round(progress * 100)}
          >
            <div className="h-full bg-amber-600 transition-[width]" style={{ width: `${Math.round((progress ?? 0.05) * 100)}%` }} />
          </div>
          <p className="mt-1 text-xs text-amber-900">Uploading{progress === undefined ? "..." : ` ${Math.round(progress * 100)}%`}</p>
        </div>
      ) : null}
      <div className="mt-3 flex gap-2">
        <Button variant="secondary" className="h-9 disabled:opacity-50" disabled={!online || uploading} onClick={() => void retry()}>
          <RotateCw className="size-4" aria-hidden />
          Retry
        </Button>
        <Button variant="ghost" className="h-9 text-red-700 hover:bg-red-50 hover:text-red-800 disabled:opacity-50" disabled={uploading} onClick={() => void remove()}>
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
      </div>
    </article>
  );
}

/**
 * Recordings kept on this device from before each one recorded whose it is, made while nobody
 * could be told signed in: never sent on their own, offered to the signed-in person to keep
 * (they become theirs and upload) or delete (DESIGN §13).
 */
function UnclaimedUploads() {
  const unclaimed = useUnclaimedUploads();
  const ownerId = useAuth().user?.id;
  const [busy, setBusy] = useState(false);
  if (unclaimed.length === 0 || !ownerId) return null;
  const ids = unclaimed.map((u) => u.id);

  const keep = async () => {
    setBusy(true);
    try {
      await claimUploads(outboxDb(), ids, ownerId);
      void replayFromPage();
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      for (const id of ids) await deletePendingUpload(outboxDb(), id);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Recordings kept on this device from before" className="rounded-xl border border-slate-300 bg-slate-50 p-4 shadow-sm" data-testid="unclaimed-uploads">
      <h3 className="font-semibold text-slate-900">Recordings kept on this device from before</h3>
      <p className="mt-1 text-sm text-slate-700">
        {unclaimed.length === 1 ? "1 recording" : `${unclaimed.length} recordings`} made on this device before it kept track of who made them. Keep
        them to upload them to your journal, or delete them.
      </p>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        {unclaimed.map((u) => (
          <li key={u.id} className="[overflow-wrap:anywhere]">
            {u.title} · {formatDuration(u.duration)}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex gap-2">
        <Button variant="secondary" className="h-9" disabled={busy} onClick={() => void keep()}>
          Keep
        </Button>
        <Button variant="ghost" className="h-9 text-red-700 hover:bg-red-50 hover:text-red-800" disabled={busy} onClick={() => void remove()}>
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
      </div>
    </section>
  );
}
