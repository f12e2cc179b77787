import type { Database } from '../db/database.ts';

export const MESSENGER_CHANNEL = 'messenger';

/** What a new message tells its thread's members' open screens: where it is, and who should hear. */
export interface MessageNotice {
  thread_id: number;
  message_id: number;
  user_ids: number[];
}

type Subscriber = { userId: number; send(notice: MessageNotice): void };

/**
 * Delivers new-message notices to the people's open event streams. The notices come from PostgreSQL
 * (pg_notify in the transaction that wrote the message), so they arrive only once it is committed and
 * reach every server process; this process listens once and hands each notice to its members' streams.
 */
export class MessengerHub {
  private subscribers = new Set<Subscriber>();
  private started: Promise<() => Promise<void>> | null = null;
  constructor(private db: Database) {}

  async subscribe(userId: number, send: Subscriber['send']): Promise<() => void> {
    this.started ??= this.db.listen(MESSENGER_CHANNEL, (payload) => this.deliver(payload));
    await this.started;
    const s: Subscriber = { userId, send };
    this.subscribers.add(s);
    return () => {
      this.subscribers.delete(s);
    };
  }

  private deliver(payload: string) {
    let notice: MessageNotice;
    try {
      notice = JSON.parse(payload) as MessageNotice;
    } catch {
      return;
    }
    const to = new Set(notice.user_ids.map(Number));
    for (const s of this.subscribers) if (to.has(s.userId)) s.send(notice);
  }

  async close() {
    if (this.started) await (await this.started)();
  }
}
