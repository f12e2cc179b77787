import type { Queryable } from '../db/database.ts';

/** A limit on how often one key may act: `max` acts in a window of `windowMs` that begins at the key's first act. */
export interface WindowLimit {
  max: number;
  windowMs: number;
  /**
   * How many acts a process takes from the shared count at a time. 1 for rare, costly acts (each one a row update);
   * more for acts as frequent as requests, so that most of them are answered from memory.
   */
  lease: number;
}

/** Whether the act may go on, and how long until the key's window ends. */
export interface Allowance {
  allowed: boolean;
  retryAfterS: number;
}

interface Cell {
  windowMs: number;
  /** when the window began: the database's word, the same in every process */
  startedAt: number;
  /** acts this process took from the window's count, and how many of them it has used */
  granted: number;
  used: number;
  /** the database had no more to give in this window */
  exhausted: boolean;
  leasing: Promise<void> | null;
}

const SWEEP_EVERY_MS = 10 * 60_000;
const KEEP_ENDED_MS = 3600_000;

/** The lease for acts as frequent as requests: a tenth of the limit, so a process asks the database once in ten acts. */
export const frequentLease = (max: number) => Math.max(1, Math.floor(max / 10));

// Takes `count` acts from a key's window; a key whose window is over begins a new one with them. The count may pass
// the limit (it is what was asked for): what was granted is worked out from it, so one statement does it all.
const TAKE = `
  insert into act_counts as c (act, key, started_at, window_ms, count) values ($1, $2, $3, $4, $5)
  on conflict (act, key) do update set
    count = case when c.started_at + c.window_ms <= excluded.started_at then excluded.count
                 else c.count + excluded.count end,
    started_at = case when c.started_at + c.window_ms <= excluded.started_at then excluded.started_at
                      else c.started_at end,
    window_ms = excluded.window_ms
  returning started_at, count`;

/**
 * Window limits shared by every server process through PostgreSQL (table act_counts), exact however requests are
 * spread: a process takes acts from the key's window in leases, one row update each, and answers from its lease until
 * it is spent. No window ever lets more than `max` acts through across all processes; with N processes a key may be
 * refused up to (N − 1) × (lease − 1) acts early, when the other processes hold leases they have not used.
 */
export class SharedCounts {
  private cells = new Map<string, Cell>();
  private lastSweep: number;

  constructor(
    private readonly db: Queryable,
    private readonly now = () => Date.now(),
  ) {
    this.lastSweep = now();
  }

  /** Counts one act of `key`; refused once the window's `max` acts are spent, in this process or any other. */
  async take(act: string, key: string, limit: WindowLimit): Promise<Allowance> {
    const id = `${act}\u0000${key}`;
    let cell = this.cells.get(id);
    if (!cell) {
      if (this.cells.size > 50_000) this.forgetEnded();
      cell = { windowMs: limit.windowMs, startedAt: 0, granted: 0, used: 0, exhausted: false, leasing: null };
      this.cells.set(id, cell);
    }
    for (;;) {
      if (cell.startedAt + cell.windowMs <= this.now() && !cell.leasing) {
        // The window is over: what was leased and not used is gone with it, and the next lease begins a new one.
        cell.granted = cell.used = 0;
        cell.exhausted = false;
      }
      if (cell.used < cell.granted) {
        cell.used++;
        return { allowed: true, retryAfterS: this.retryAfter(cell) };
      }
      if (cell.exhausted) return { allowed: false, retryAfterS: this.retryAfter(cell) };
      const c = cell;
      c.leasing ??= this.lease(act, key, c, limit).finally(() => {
        c.leasing = null;
      });
      await c.leasing;
    }
  }

  private retryAfter(cell: Cell) {
    return Math.max(1, Math.ceil((cell.startedAt + cell.windowMs - this.now()) / 1000));
  }

  private async lease(act: string, key: string, cell: Cell, limit: WindowLimit): Promise<void> {
    const ask = Math.max(1, Math.min(limit.lease, limit.max));
    const r = await this.db.query<{ started_at: number; count: number }>(TAKE, [
      act,
      key,
      this.now(),
      limit.windowMs,
      ask,
    ]);
    const startedAt = Number(r.rows[0].started_at);
    const before = Number(r.rows[0].count) - ask;
    const granted = Math.max(0, Math.min(ask, limit.max - before));
    if (startedAt !== cell.startedAt) {
      cell.startedAt = startedAt;
      cell.granted = cell.used = 0;
    }
    cell.windowMs = limit.windowMs;
    cell.granted += granted;
    cell.exhausted = granted < ask;
    this.sweep();
  }

  /** Ended windows leave the table an hour after they end, and memory at once. */
  private sweep() {
    if (this.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = this.now();
    this.forgetEnded();
    this.db
      .query('delete from act_counts where started_at + window_ms < $1', [this.now() - KEEP_ENDED_MS])
      // A sweep that cannot run now (the database closing) runs at the next one.
      .catch(() => undefined);
  }

  /** Windows over leave memory. */
  private forgetEnded() {
    const now = this.now();
    for (const [id, c] of this.cells) if (!c.leasing && c.startedAt + c.windowMs <= now) this.cells.delete(id);
  }
}
