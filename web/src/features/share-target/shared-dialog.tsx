import { useQuery } from "@tanstack/react-query";
import type { Domain } from "@vj/core";
import { liveQuery } from "dexie";
import { FileAudio } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { toast } from "../../lib/toast-store";
import { collectionQueries } from "../collections/queries";
import { useAuth } from "../auth/auth-provider";
import { outboxDb, type PendingUpload } from "../outbox/outbox-db";
import { deletePendingUpload, heldUploads, releaseHeld } from "../outbox/outbox-store";
import { replayFromPage } from "../outbox/page-outbox";

/**
 * Files shared to the installed app wait in the outbox until the person says which collection
 * they belong to; then they upload like any recording.
 */
export function SharedRecordingsDialog({ current }: { current: Domain }) {
  const [held, setHeld] = useState<PendingUpload[]>([]);
  const collections = useQuery(collectionQueries.list());
  const [target, setTarget] = useState(current.id);
  const [busy, setBusy] = useState(false);
  // Closed without a choice: asked again when the app next opens (the files stay kept).
  const [later, setLater] = useState(false);
  const selectId = useId();
  const ownerId = useAuth().user?.id ?? null;
  useEffect(() => {
    if (!ownerId) return;
    const sub = liveQuery(() => heldUploads(outboxDb(), ownerId)).subscribe({ next: setHeld, error: () => setHeld([]) });
    return () => sub.unsubscribe();
  }, [ownerId]);
  useEffect(() => setTarget(current.id), [current.id]);
  if (!ownerId || held.length === 0 || later) return null;
  const chosen = collections.data?.find((c) => c.id === target) ?? current;

  const save = async () => {
    setBusy(true);
    try {
      await releaseHeld(outboxDb(), held.map((h) => h.id), chosen.id, ownerId);
      toast({ title: held.length === 1 ? "Shared recording saved" : `${held.length} shared recordings saved`, description: `Uploading to ${chosen.name}.` });
      void replayFromPage();
    } finally {
      setBusy(false);
    }
  };
  const discard = async () => {
    setBusy(true);
    try {
      for (const h of held) await deletePendingUpload(outboxDb(), h.id);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => setLater(!open)} title={held.length === 1 ? "A shared recording" : `${held.length} shared recordings`} description="They are kept on this device. Choose the collection they go to.">
      <ul className="space-y-2" aria-label="Shared files">
        {held.map((h) => (
          <li key={h.id} className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
            <FileAudio className="size-4 shrink-0 text-slate-500" aria-hidden />
            <span className="truncate">{h.title}</span>
          </li>
        ))}
      </ul>
      <label htmlFor={selectId} className="mt-4 block text-sm font-medium text-slate-700">
        Collection
      </label>
      <select
        id={selectId}
        value={chosen.id}
        onChange={(e) => setTarget(e.target.value)}
        className="mt-1 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30"
      >
        {(collections.data ?? [current]).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <div className="mt-5 flex gap-2">
        <Button variant="secondary" className="flex-1" disabled={busy} onClick={() => void discard()}>
          Discard
        </Button>
        <Button className="flex-1" disabled={busy} onClick={() => void save()}>
          Save to {chosen.name}
        </Button>
      </div>
    </Dialog>
  );
}
