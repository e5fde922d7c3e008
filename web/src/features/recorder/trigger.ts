// The Notes tab's "Start Recording" button triggers the floating record button (SPEC §2):
// the two live in different parts of the screen, so they meet through this tiny event.
const listeners = new Set<() => void>();

export function requestRecordingStart(): void {
  for (const listener of listeners) listener();
}

export function onRecordingStartRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
