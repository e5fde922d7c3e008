/**
 * The reminder settings travel whole (a PUT of every field, the last one wins), so a screen built
 * on an older answer saves that older answer back with the next tap. A read of the server's
 * settings can be older than the device's own: it may reach the server before a change this
 * device made is delivered, and land after the change has left the outbox. Such an answer is not
 * taken; the read that follows each delivery (the outbox refreshes the reminders after it) brings
 * the server's word once nothing is on its way.
 */

/** The one outbox target the reminder settings are: a PUT of the whole settings, the last one wins. */
export const REMINDERS_TARGET = { type: "reminders", id: "settings" } as const;

let saves = 0;

/** Called as a change to the settings is made on this device, before it is kept or sent. */
export function noteSettingsSaved(): void {
  saves += 1;
}

/**
 * The server's answer, unless a change of this device was waiting when the read began, was made
 * while it ran, or waits when it ends: then what the device already shows (`kept`), if anything.
 */
export async function readUnlessChanged<T>(read: () => Promise<T>, changeWaiting: () => Promise<boolean>, kept: () => T | undefined): Promise<T> {
  const savesBefore = saves;
  const waitingBefore = await changeWaiting();
  const answer = await read();
  const older = waitingBefore || saves !== savesBefore || (await changeWaiting());
  return older ? (kept() ?? answer) : answer;
}
