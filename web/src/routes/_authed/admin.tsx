import { createFileRoute, notFound } from "@tanstack/react-router";
import { accountQueries } from "../../features/account/queries";
import { AdminPage } from "../../features/admin/admin-page";

// /admin is the app's 404 for everyone but an admin, as the API's /api/admin is.
export const Route = createFileRoute("/_authed/admin")({
  loader: async ({ context }) => {
    const account = await context.queryClient.fetchQuery(accountQueries.me());
    if (!account.isAdmin) throw notFound();
  },
  component: AdminPage,
});
