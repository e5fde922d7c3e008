import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReminderSettings as Settings } from "@vj/core";
import { BellOff, BellRing } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { browserTimeZone } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { useOnline } from "../../lib/use-online";
import { useAuth } from "../auth/auth-provider";
import { deviceSubscription, subscribeDevice, unsubscribeDevice } from "./device-subscription";
import { syncMarks, type SyncMark } from "../outbox/overlay";
import { ChangeProblem, WaitingToSync } from "../outbox/sync-marks";
import { usePendingChanges } from "../outbox/use-outbox";
import { useSaveReminders, useSettingsOfWaitingChange } from "./mutations";
import { pushSupport, readPushEnvironment } from "./push-support";
import { reminderKeys, reminderQueries } from "./queries";
import { useReminderChoice } from "./reminder-choice";
import { REMINDERS_TARGET } from "./settings-read";

const DAYS = [
  [1, "Mon", "Monday"],
  [2, "Tue", "Tuesday"],
  [3, "Wed", "Wednesday"],
  [4, "Thu", "Thursday"],
  [5, "Fri", "Friday"],
  [6, "Sat", "Saturday"],
  [7, "Sun", "Sunday"],
] as const;

/**
 * "Remind me to journal" (Settings): a time and weekdays in the person's time zone, "only if I
 * haven't recorded that day", and whether this device receives them (Web Push). Where push is
 * impossible it says why and what to do.
 */
export function ReminderSettings() {
  const ownerId = useAuth().user?.id;
  const settings = useQuery(reminderQueries.settings(ownerId));
  const save = useSaveReminders();
  const online = useOnline();
  const zone = browserTimeZone();
  // A change still waiting in the outbox (made offline, say) over what the server last said.
  const ours = usePendingChanges().filter((c) => c.target.type === REMINDERS_TARGET.type);
  const waiting = ours.filter((c) => c.status === "waiting").at(-1);
  useSettingsOfWaitingChange(waiting);
  const mark = syncMarks(ours).values().next().value;
  // (Each change holds the whole settings, so one waiting is enough to show them with nothing cached.)
  const held = waiting?.body ? ({ ...settings.data, ...waiting.body } as Settings) : settings.data;
  if (!held) {
    // Offline with nothing cached the query waits for the network: say so rather than load forever.
    if (!online) return <p>You're offline: your reminder settings show once you're back online.</p>;
    return settings.isError ? <p>Your reminder settings could not be loaded.</p> : <p className="text-slate-500">Loading...</p>;
  }
  return <ReminderForm held={held} zone={zone} save={save.mutate} waiting={waiting !== undefined} mark={mark} online={online} />;
}

type FormProps = {
  held: Settings;
  zone: string;
  save: (settings: Settings) => void;
  waiting: boolean;
  mark: SyncMark | undefined;
  online: boolean;
};

function ReminderForm({ held, zone, save, waiting, mark, online }: FormProps) {
  const ids = useId();
  // Every save carries this device's zone: the time is read where the person is now.
  const { shown: current, change } = useReminderChoice(held, zone, save);
  const toggleDay = (day: number) =>
    change(({ days }) => ({ days: days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b) }));

  return (
    <div className="flex flex-col gap-4">
      <label className="flex cursor-pointer items-center justify-between gap-3 font-medium text-slate-900">
        Remind me to journal
        <input
          type="checkbox"
          role="switch"
          className="peer sr-only"
          checked={current.enabled}
          onChange={(e) => change({ enabled: e.target.checked })}
          data-testid="reminders-enabled"
        />
        <span
          aria-hidden
          className="relative h-6 w-10 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand-600 peer-checked:after:translate-x-4 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
        />
      </label>
      <fieldset className={cn("flex flex-col gap-4", !current.enabled && "opacity-60")} disabled={!current.enabled}>
        <legend className="sr-only">When</legend>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={`${ids}-time`} className="text-slate-700">
            At
          </label>
          <input
            id={`${ids}-time`}
            type="time"
            value={current.time}
            onChange={(e) => e.target.value && change({ time: e.target.value })}
            className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          />
          <span className="text-slate-500">in {zone}</span>
        </div>
        <div role="group" aria-label="On these days" className="flex flex-wrap gap-1.5">
          {DAYS.map(([day, short, long]) => {
            const on = current.days.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                onClick={() => toggleDay(day)}
                className={cn(
                  "h-10 min-w-11 rounded-full border px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                  on ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {/* The whole name for screen readers; the visible abbreviation is part of what a voice command says. */}
                <span aria-hidden>{short}</span>
                <span className="sr-only">{long}</span>
              </button>
            );
          })}
        </div>
        <label className="flex cursor-pointer items-start gap-3 text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
            checked={current.onlyIfNoNote}
            onChange={(e) => change({ onlyIfNoNote: e.target.checked })}
          />
          <span>Only if I haven't recorded that day</span>
        </label>
      </fieldset>
      <ThisDevice wanted={current.enabled} />
      {mark && mark.status !== "waiting" ? <ChangeProblem mark={mark} /> : null}
      {waiting ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500" data-testid="reminders-waiting">
          <WaitingToSync />
          {online ? null : "Saved on this device; sent when you're back online."}
        </p>
      ) : null}
    </div>
  );
}

/** Whether this browser receives the reminders, with the button that changes it (a tap: the browser asks first). */
function ThisDevice({ wanted }: { wanted: boolean }) {
  const queryClient = useQueryClient();
  const [support] = useState(() => pushSupport(readPushEnvironment()));
  const device = useQuery({ queryKey: reminderKeys.device(), queryFn: async () => Boolean(await deviceSubscription()), enabled: support.ok, staleTime: Infinity, meta: { persist: false } });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setProblem(null), [wanted]);

  if (!support.ok) {
    return (
      <p className="rounded-xl bg-amber-50 p-3 text-amber-900" data-testid="push-unavailable">
        {support.message}
      </p>
    );
  }
  const subscribed = device.data === true;
  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await fn();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: reminderKeys.device() });
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-3">
      <p className="flex items-center gap-2 text-slate-700" data-testid="device-reminders">
        {subscribed ? <BellRing className="size-4 text-brand-600" aria-hidden /> : <BellOff className="size-4 text-slate-400" aria-hidden />}
        {subscribed ? "This device receives reminders." : "This device does not receive reminders."}
      </p>
      <Button variant="secondary" disabled={busy || device.isPending} onClick={() => void act(subscribed ? unsubscribeDevice : subscribeDevice)}>
        {subscribed ? "Stop on this device" : "Get reminders on this device"}
      </Button>
      {problem ? <p className="w-full text-sm text-red-700">{problem}</p> : null}
    </div>
  );
}
