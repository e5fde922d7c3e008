import { CloudOff } from "lucide-react";

/** Said under a panel drawn from answers kept on this device while there is no connection. */
export function OfflineMark({ savedAt, locale }: { savedAt: number; locale?: string }) {
  const when = savedAt
    ? new Date(savedAt).toLocaleString(locale, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })
    : null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500" data-testid="offline-mark">
      <CloudOff className="size-3.5 shrink-0" aria-hidden />
      {when ? `Offline: as saved on this device (${when})` : "Offline"}
    </p>
  );
}
