import { useQuery } from "@tanstack/react-query";
import { Navigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { preloadMarkdownWhenIdle } from "../../components/markdown-text";
import { collectionQueries } from "../collections/queries";
import { collectionBySlug, rememberSelected } from "../collections/selection";
import { ImportAudioButton } from "../import-audio/import-audio-button";
import { ImportAudioDialog } from "../import-audio/import-audio-dialog";
import { RecordButton } from "../recorder/record-button";
import { SharedRecordingsDialog } from "../share-target/shared-dialog";
import { useSummaryDialogOpen } from "../summaries/dialog-state";
import { CollectionNotFound } from "./collection-not-found";
import { GoToDate } from "./go-to-date";
import { JournalTabs } from "./journal-tabs";
import { PeriodNavigator } from "./period-navigator";
import { PeriodPills } from "./period-pills";
import type { JournalSearch } from "../journal-view/search-params";
import { StatusScreen } from "./status-screen";
import { useJournalView } from "../journal-view/use-journal-view";

/** The main collection screen (SPEC §2) under the shell's header: period pills, navigator, tabs, and the floating controls. */
export function MainScreen({ slug, search }: { slug: string; search: JournalSearch }) {
  const collections = useQuery(collectionQueries.list());
  const collection = collections.data ? collectionBySlug(collections.data, slug) : null;
  const view = useJournalView(slug, search);
  const dialogOpen = useSummaryDialogOpen();

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
  if (collections.data?.length === 0) return <NoCollectionYet />;
  // The route's loader already asked the server again for a slug the cached list did not know.
  if (!collection) return <CollectionNotFound slug={slug} />;

  return (
    <div className="pb-[calc(10.5rem+env(safe-area-inset-bottom))]">
      <main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 pt-5 sm:px-6 sm:pt-8">
        <h1 className="sr-only">{collection.name}</h1>
        <div className="flex justify-center">
          <PeriodPills value={view.period} color={collection.primaryColor} onChange={view.setPeriod} />
        </div>
        <PeriodNavigator view={view} />
        <JournalTabs collection={collection} view={view} />
      </main>
      {dialogOpen ? null : <GoToDate view={view} />}
      <ImportAudioButton />
      <RecordButton collection={collection} view={view} />
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
