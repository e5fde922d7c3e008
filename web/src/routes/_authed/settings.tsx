import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../../features/settings/settings-page";

// No loader: the screen reads only this device (its time zone, the outbox), so it shows offline.
export const Route = createFileRoute("/_authed/settings")({
  component: SettingsPage,
});
