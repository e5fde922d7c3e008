import { answerSchema, apiRequest } from "../../lib/api-client";
import { useAppMutation } from "../../lib/mutation";
import { assistantKeys } from "./queries";

/** A new read-only access token; the answer holds the token this once. */
export function useCreateAssistantToken() {
  return useAppMutation({
    mutationFn: (name: string) =>
      apiRequest("/api/assistants/tokens", { method: "POST", body: { name }, schema: answerSchema((s) => s.createdAssistantTokenSchema) }),
    invalidate: () => [assistantKeys.list()],
    failure: (error) => ({ title: "Token not created", description: error.message || "The token could not be created. Please try again." }),
  });
}

/** Revokes a token or an app's access: refused at its next request. */
export function useRevokeAssistant() {
  return useAppMutation({
    mutationFn: (id: string) => apiRequest(`/api/assistants/${encodeURIComponent(id)}`, { method: "DELETE", schema: answerSchema((s) => s.successSchema) }),
    invalidate: () => [assistantKeys.list()],
    success: { title: "Access revoked" },
    failure: { title: "Not revoked", description: "The access could not be revoked. Please try again." },
  });
}

/** The person's answer on the consent page; the browser then goes to the app's redirect URI. */
export function useDecideConsent(id: string) {
  return useAppMutation({
    mutationFn: (allow: boolean) =>
      apiRequest(`/api/oauth/requests/${encodeURIComponent(id)}/decision`, { method: "POST", body: { allow }, schema: answerSchema((s) => s.consentDecisionResultSchema) }),
    failure: { title: "Not sent", description: "Your answer could not be sent. Please try again." },
  });
}
