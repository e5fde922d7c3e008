import type { AiTestInput, CreateInvitationInput, UpdateAccountInput, UpdateInstanceSettingsInput } from "@vj/core";
import { answerSchema, ApiError, apiRequest } from "../../lib/api-client";
import { useAppMutation } from "../../lib/mutation";
import type { ToastInput } from "../../lib/toast-store";
import { accountKeys } from "../account/queries";
import { adminKeys } from "./queries";

/** The failure toast: the server's own reason (the last admin, a setting the environment fixes) when it gave one. */
export function failureToast(title: string): (error: Error) => ToastInput {
  return (error) => ({
    title,
    description: error instanceof ApiError && error.serverMessage ? error.serverMessage : "Something went wrong. Please try again.",
  });
}

/** Disables or enables an account, makes or removes an admin, or sets its own limits. */
export function useUpdateAccount() {
  return useAppMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateAccountInput }) =>
      apiRequest(`/api/admin/accounts/${encodeURIComponent(id)}`, {
        method: "PATCH",
        body: change,
        schema: answerSchema((s) => s.adminAccountSchema),
      }),
    // The signed-in admin's own role may be what changed.
    invalidate: () => [adminKeys.accounts(), accountKeys.me()],
    success: (account) => ({ title: "Account updated", description: account.email }),
    failure: failureToast("Account not updated"),
  });
}

export function useDeleteAccount() {
  return useAppMutation({
    mutationFn: ({ id }: { id: string; email: string }) =>
      apiRequest(`/api/admin/accounts/${encodeURIComponent(id)}`, { method: "DELETE", schema: answerSchema((s) => s.successSchema) }),
    invalidate: () => [adminKeys.accounts(), adminKeys.state()],
    success: (_result, { email }) => ({ title: "Account deleted", description: `${email} and its notes and audio are gone.` }),
    failure: failureToast("Account not deleted"),
  });
}

export function useCreateInvitation() {
  return useAppMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiRequest("/api/admin/invitations", { method: "POST", body: input, schema: answerSchema((s) => s.createdInvitationSchema) }),
    invalidate: () => [adminKeys.invitations()],
    failure: failureToast("Invitation not created"),
  });
}

export function useRevokeInvitation() {
  return useAppMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/invitations/${encodeURIComponent(id)}`, { method: "DELETE", schema: answerSchema((s) => s.successSchema) }),
    invalidate: () => [adminKeys.invitations()],
    success: { title: "Invitation revoked", description: "Its link no longer lets anyone sign up." },
    failure: failureToast("Invitation not revoked"),
  });
}

export function useUpdateSettings(success: ToastInput) {
  return useAppMutation({
    mutationFn: (input: UpdateInstanceSettingsInput) =>
      apiRequest("/api/admin/settings", { method: "PATCH", body: input, schema: answerSchema((s) => s.instanceSettingsSchema) }),
    invalidate: () => [adminKeys.settings(), adminKeys.state()],
    success,
    failure: failureToast("Settings not saved"),
  });
}

/** The AI "Test" button: what the endpoint answered with the form's values, saved or not. */
export function useTestAi() {
  return useAppMutation({
    mutationFn: (input: AiTestInput) =>
      apiRequest("/api/admin/ai-test", { method: "POST", body: input, schema: answerSchema((s) => s.aiTestResultSchema) }),
    failure: failureToast("The test could not run"),
  });
}
