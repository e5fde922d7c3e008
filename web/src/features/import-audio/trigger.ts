// "Import audio" lives beside the record button and in the Notes tab's empty state; both open
// the one dialog the main screen holds, through this tiny event.
const listeners = new Set<() => void>();

export function requestAudioImport(): void {
  for (const listener of listeners) listener();
}

export function onAudioImportRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
