import { createFileRoute } from "@tanstack/react-router";
import { collectionQueries } from "../../features/collections/queries";
import { CollectionsPage } from "../../features/collections/collections-page";

export const Route = createFileRoute("/_authed/collections")({
  loader: ({ context }) => context.queryClient.ensureQueryData(collectionQueries.list()),
  component: CollectionsPage,
});
