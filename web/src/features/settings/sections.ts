import { lazy, type ComponentType } from "react";
import { DeviceStorageSettings } from "./device-storage-section";
import { TimeZoneSettings } from "./time-zone-section";

export type SettingsSection = {
  /** The section's anchor (/settings#time-zone) and key. */
  id: string;
  /** Its heading. */
  title: string;
  /** What it shows under the heading. */
  Content: ComponentType;
  /**
   * Whether this person sees it at all (e.g. admins only): a hook, so it may read a query. Every
   * section that has none is shown.
   */
  useShown?: () => boolean;
};

/**
 * A section whose code loads with the Settings screen rather than with the app: one line in the
 * list, no import above it. `load` is `() => import("../<feature>/<file>")`, `name` the export.
 */
export function lazySection<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * The Settings screen, top to bottom. A feature adds its section with one line here, e.g.
 * `{ id: "reminders", title: "Remind me to journal", Content: lazySection(() => import("../reminders/reminder-settings"), "ReminderSettings") },`
 * Its component renders the section's body (the screen draws the card and the heading); it must
 * not import this screen.
 */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: "time-zone", title: "Time zone", Content: TimeZoneSettings },
  { id: "reminders", title: "Remind me to journal", Content: lazySection(() => import("../reminders/reminder-settings"), "ReminderSettings") },
  {
    id: "connected-assistants",
    title: "Connected assistants",
    Content: lazySection(() => import("../assistants/connected-assistants"), "ConnectedAssistants"),
  },
  { id: "device-storage", title: "Storage on this device", Content: DeviceStorageSettings },
];
