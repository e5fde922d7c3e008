import type { Domain } from "@vj/core";
import type { JournalView } from "../journal/use-journal-view";

/** The floating record button and its panel (SPEC §2) — built by the recorder work (issue 9). */
export function RecordButton(_props: { collection: Domain; view: JournalView }) {
  return null;
}
