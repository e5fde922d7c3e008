/**
 * Resolves in a later task of the event loop: work after it does not lengthen the task that is
 * running (Lighthouse's blocking time counts each task's time over 50 ms).
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
