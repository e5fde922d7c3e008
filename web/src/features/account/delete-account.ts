import { successSchema } from "@vj/core";
import { ApiError, apiRequest } from "../../lib/api-client";

/** SPEC §5: the Delete Account button is enabled only on exactly "delete" and while nothing is pending. */
export function canConfirmDeletion(confirmText: string, pending: boolean): boolean {
  return confirmText === "delete" && !pending;
}

/** DELETE /api/auth/delete-account with the session token (SPEC §7); no token is the spec's own error. */
export async function deleteAccount(accessToken: string | null): Promise<void> {
  if (!accessToken) throw new Error("No authentication token found");
  await apiRequest("/api/auth/delete-account", { method: "DELETE", body: {}, schema: successSchema });
}

/** The failure toast shows the server's message, or the spec's fallback. */
export function deletionFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage || "Failed to delete account. Please try again.";
  if (error instanceof Error && error.message) return error.message;
  return "Failed to delete account. Please try again.";
}
