import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { formatBytes } from "../../lib/format-bytes";
import { askForPersistentStorage, storageIsPersistent } from "../../lib/persistent-storage";
import { useOutboxUsage } from "../outbox/use-outbox";

const PERSISTENCE: Record<"yes" | "no" | "unknown", string> = {
  yes: "Kept: the browser will not clear it to free space.",
  no: "Not guaranteed: the browser may clear it when the device runs low on space.",
  unknown: "This browser does not say whether it keeps it.",
};

/**
 * What this device holds for the person (DESIGN §8): the recordings waiting in the outbox, the
 * space they take of its cap, and whether the browser has promised to keep them.
 */
export function DeviceStorageSettings() {
  const usage = useOutboxUsage();
  const [persistent, setPersistent] = useState<boolean | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void storageIsPersistent().then((value) => live && setPersistent(value));
    return () => {
      live = false;
    };
  }, []);
  const kept = persistent === undefined ? null : persistent === null ? "unknown" : persistent ? "yes" : "no";

  return (
    <>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        <dt>Recordings waiting to upload</dt>
        <dd className="text-right font-medium text-slate-900" data-testid="outbox-count">
          {usage.count}
        </dd>
        <dt>Space they use</dt>
        <dd className="text-right font-medium text-slate-900" data-testid="outbox-size">
          {usage.count === 0 ? "None" : formatBytes(usage.bytes)} of {formatBytes(usage.maxBytes)}
        </dd>
      </dl>
      <p className="mt-3" data-testid="storage-persistence">
        {kept ? PERSISTENCE[kept] : "\u00a0"}
      </p>
      {kept === "no" ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void askForPersistentStorage().then((value) => setPersistent(value))}
        >
          Ask the browser to keep it
        </Button>
      ) : null}
    </>
  );
}
