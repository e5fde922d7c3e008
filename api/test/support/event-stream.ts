// A Server-Sent Events answer (GET /api/events) read as it arrives, for tests that wait on it.

export interface SseEvent {
  event: string;
  data: string;
}

/** An open events stream, read as it arrives. */
export class EventStream {
  readonly events: SseEvent[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private reader: ReadableStreamDefaultReader<string>;

  constructor(res: Response) {
    this.reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    void this.pump();
  }

  private async pump() {
    let buffer = "";
    for (;;) {
      const { value, done } = await this.reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      buffer += value;
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop()!;
      for (const block of blocks) {
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) this.events.push({ event, data: data ?? "" });
      }
      this.waiters.splice(0).forEach((w) => w());
    }
    this.ended = true;
    this.waiters.splice(0).forEach((w) => w());
  }

  /** Waits (up to `ms`) for an event that `match` accepts. */
  async next(match: (e: SseEvent) => boolean, ms = 20_000): Promise<SseEvent | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find(match);
      if (found || this.ended || Date.now() > deadline) return found;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  close() {
    void this.reader.cancel().catch(() => undefined);
  }
}


export const eventId = (e: SseEvent | undefined) => (e ? (JSON.parse(e.data) as { id: string }).id : undefined);
