import { useQuery } from "@tanstack/react-query";
import type { InstanceState } from "@vj/core";
import { AlertTriangle } from "lucide-react";
import { Spinner } from "../../components/ui/spinner";
import { AdminSection, Badge, Figure } from "./admin-section";
import { formatDay, formatStorage, formatWaited } from "./admin-format";
import { adminQueries } from "./queries";

/** The instance at a glance: database, stored audio, engines, the two job queues and the last backup. */
export function InstanceStateSection() {
  const state = useQuery(adminQueries.state());
  return (
    <AdminSection id="instance" title="This instance" description="Refreshed every 15 seconds while this screen is open.">
      {state.data ? <StateFigures state={state.data} /> : state.isError ? <p role="alert">The instance's state could not be read.</p> : <Spinner />}
    </AdminSection>
  );
}

function StateFigures({ state }: { state: InstanceState }) {
  const { database, storage, engines, queues, backups } = state;
  const transcription = queues.transcription;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 lg:grid-cols-4">
        <Figure
          label="Database"
          testId="state-database"
          value={
            <span className="inline-flex flex-wrap items-center gap-1.5">
              {database.kind === "pglite" ? "Embedded (PGlite)" : "PostgreSQL"}
              <Badge tone={database.status === "ok" ? "green" : "red"}>{database.status === "ok" ? "OK" : "Down"}</Badge>
            </span>
          }
        />
        <Figure label="Database size" value={database.bytes === null ? "Unknown" : formatStorage(database.bytes)} />
        <Figure label="Audio stored" testId="state-audio" value={`${formatStorage(storage.audioBytes)} in ${storage.notes.toLocaleString("en")} notes`} />
        <Figure label="Accounts" testId="state-accounts" value={state.accounts.toLocaleString("en")} />
        <Figure label="Storage" value={storage.description} />
        <Figure label="Transcription engine" testId="state-transcription-engine" value={engines.transcription} />
        <Figure label="Summary engine" value={engines.summaries} />
        <Figure label="Ask engine" value={engines.ask ?? "Off"} />
      </dl>
      {engines.warnings.length > 0 ? (
        <ul className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {engines.warnings.map((w) => (
            <li key={w} className="flex gap-2">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{w}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Queue
          name="Transcription queue"
          testId="queue-transcription"
          queue={transcription}
          extra={
            transcription.waitingForLimit + transcription.waitingForEngine > 0
              ? `${transcription.waitingForLimit} over a daily limit, ${transcription.waitingForEngine} waiting for an engine`
              : null
          }
        />
        <Queue name="Summary queue" testId="queue-summaries" queue={queues.summaries} extra={null} />
      </div>
      <div className="rounded-xl border border-slate-200 px-4 py-3" data-testid="state-backups">
        <p className="font-medium text-slate-900">Backups</p>
        <p className="mt-1 text-slate-600">{backups.message}</p>
        <p className="mt-1 text-slate-600">
          {backups.last
            ? `Last backup: ${formatDay(backups.last.at)}, ${formatStorage(backups.last.bytes)}, ${backups.last.notes.toLocaleString("en")} notes (${backups.last.name})`
            : "No backup taken yet."}
        </p>
      </div>
    </div>
  );
}

type Queue = InstanceState["queues"]["summaries"];

function Queue({ name, queue, extra, testId }: { name: string; queue: Queue; extra: string | null; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 px-4 py-3" data-testid={testId}>
      <p className="font-medium text-slate-900">{name}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Figure label="Waiting" value={queue.waiting} />
        <Figure label="Running" value={queue.running} />
        <Figure label="Failed" value={queue.failed > 0 ? <span className="font-semibold text-red-700">{queue.failed}</span> : 0} />
        <Figure label="Oldest waiting" value={formatWaited(queue.oldestWaitingSeconds)} />
      </dl>
      {extra ? <p className="mt-2 text-xs text-slate-600">{extra}</p> : null}
    </div>
  );
}
