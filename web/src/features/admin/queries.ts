import { queryOptions } from "@tanstack/react-query";
import { answerSchema, apiRequest } from "../../lib/api-client";

export const adminKeys = {
  all: ["admin"] as const,
  accounts: () => [...adminKeys.all, "accounts"] as const,
  invitations: () => [...adminKeys.all, "invitations"] as const,
  settings: () => [...adminKeys.all, "settings"] as const,
  state: () => [...adminKeys.all, "state"] as const,
};

// Other people's addresses and the instance's settings are never kept on the device (the saved
// answers in localStorage outlive the session): the screen is an online one.
const notKept = { persist: false } as const;

export const adminQueries = {
  accounts: () =>
    queryOptions({
      queryKey: adminKeys.accounts(),
      queryFn: ({ signal }) => apiRequest("/api/admin/accounts", { schema: answerSchema((s) => s.adminAccountListSchema), signal }),
      meta: notKept,
    }),
  invitations: () =>
    queryOptions({
      queryKey: adminKeys.invitations(),
      queryFn: ({ signal }) => apiRequest("/api/admin/invitations", { schema: answerSchema((s) => s.invitationListSchema), signal }),
      meta: notKept,
    }),
  settings: () =>
    queryOptions({
      queryKey: adminKeys.settings(),
      queryFn: ({ signal }) => apiRequest("/api/admin/settings", { schema: answerSchema((s) => s.instanceSettingsSchema), signal }),
      meta: notKept,
    }),
  state: () =>
    queryOptions({
      queryKey: adminKeys.state(),
      queryFn: ({ signal }) => apiRequest("/api/admin/state", { schema: answerSchema((s) => s.instanceStateSchema), signal }),
      meta: notKept,
      // The queues move while the screen is open.
      refetchInterval: 15_000,
    }),
};
