import type { Domain } from "@vj/core";

/** Amber "Pending Upload" cards of the local outbox (SPEC §2) — built by the outbox work (issue 9). */
export function PendingUploads(_props: { collection: Domain }) {
  return null;
}
