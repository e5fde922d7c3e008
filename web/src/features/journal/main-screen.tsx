import { useQuery } from "@tanstack/react-query";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect } from "react";
import { preloadMarkdownWhenIdle } from "../../components/markdown-text";
import { collectionQueries } from "../collections/queries";
import { collectionBySlug, rememberSelected } from "../collections/selection";
import { ImportAudioButton } from "../import-audio/import-audio-button";
import { ImportAudioDialog } from "../import-audio/import-audio-dialog";
import { RecordButton } from "../recorder/record-button";
import { SharedRecordingsDialog } from "../share-target/shared-dialog";
import { useSummaryDialogOpen } from "../summaries/dialog-state";
import { MovedOrNotFound } from "./moved-collection";
import { collectionsWithChanges } from "../collections/offline-create";
import { usePendingChanges } from "../outbox/use-outbox";
import { OnThisDay } from "../journal-days/on-this-day";
import { GoToDate } from "./go-to-date";
import { JournalRail } from "./journal-rail";
import { JournalTabs } from "./journal-tabs";
import { PeriodNavigator } from "./period-navigator";
import { PeriodPills } from "./period-pills";
import type { JournalSearch } from "../journal-view/search-params";
import { StatusScreen } from "./status-screen";
import { useJournalView } from "../journal-view/use-journal-view";

/** The main collection screen (SPEC §2) under the shell's header: period pills, navigator, tabs, and the floating controls. */
export function MainScreen({ slug, search }: { slug: string; search: JournalSearch }) {
  const collections = useQuery(collectionQueries.list());
  // Collections made on this device and not on the server yet are opened like the others.
  const creates = usePendingChanges().filter((c) => c.action === "create");
  const list = collections.data && collectionsWithChanges(collections.data, creates);
  const collection = list ? collectionBySlug(list, slug) : null;
  const view = useJournalView(slug, search);
  const dialogOpen = useSummaryDialogOpen();
  const navigate = useNavigate();
  // A reminder opened today's view "ready to record": once the button has the focus, the URL forgets it.
  const recorderReady = useCallback(
    () => void navigate({ to: "/$slug", params: { slug }, search: ({ record: _record, ...rest }: JournalSearch) => rest, replace: true }),
    [navigate, slug],
  );

  useEffect(() => {
    if (collection) rememberSelected(collection.id);
  }, [collection]);
  // Summaries and answers are markdown: its renderer loads once the screen has settled.
  useEffect(preloadMarkdownWhenIdle, []);

  // SPEC §2: "Loading..." until a current collection can be known; with no collection at all the
  // workspace still has to be set up, which onboarding does.
  if (collections.isPending) return <StatusScreen text="Loading..." />;
  // No list and nothing cached to show: the route's error screen offers the reload.
  if (collections.isError && !collections.data) throw collections.error;
  if (list?.length === 0) return <NoCollectionYet />;
  // The route's loader already asked the server again for a slug the cached list did not know.
  if (!collection) return <MovedOrNotFound slug={slug} collections={list ?? []} />;

  // The Ask tab's question box sits where the floating controls float on a phone: there they step aside.
  const asking = view.tab === "chat";
  return (
    <div className="pb-[calc(10.5rem+env(safe-area-inset-bottom))]">
      <div className="mx-auto max-w-3xl px-4 pt-5 sm:px-6 sm:pt-8 lg:grid lg:max-w-6xl lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
        <JournalRail collection={collection} view={view} />
        <main className="mx-auto flex w-full max-w-3xl flex-col gap-5 lg:max-w-none">
          <h1 className="sr-only">{collection.name}</h1>
          <div className="flex justify-center">
            <PeriodPills value={view.period} color={collection.primaryColor} onChange={view.setPeriod} />
          </div>
          <PeriodNavigator view={view} collection={collection} />
          <JournalTabs collection={collection} view={view} />
          {/* On a phone, under today's notes; the desktop shows it in the rail. */}
          {view.period === "day" && view.isToday && view.tab === "notes" ? (
            <OnThisDay todayKey={view.todayKey} timeZone={view.timeZone} className="lg:hidden" />
          ) : null}
        </main>
      </div>
      {/* The rail's calendar replaces it on a desktop. */}
      {dialogOpen || asking ? null : <GoToDate view={view} className="lg:hidden" />}
      {asking ? null : <ImportAudioButton />}
      <RecordButton collection={collection} view={view} tucked={asking} ready={search.record === true} onReady={recorderReady} />
      <ImportAudioDialog collection={collection} timeZone={view.timeZone} />
      <SharedRecordingsDialog current={collection} />
    </div>
  );
}

/** A user whose collections are all gone (or never were) is sent to onboarding to set one up. */
function NoCollectionYet() {
  return (
    <>
      <StatusScreen text="Setting up your workspace..." />
      <Navigate to="/onboarding" replace />
    </>
  );
}
