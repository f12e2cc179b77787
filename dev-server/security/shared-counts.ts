import type { Queryable } from '../db/database.ts';

/** How many acts a key made in its window now running, and how long until that window ends. */
export interface WindowCount {
  count: number;
  retryAfterS: number;
}

interface Cell {
  act: string;
  key: string;
  windowMs: number;
  /** when the window began (the database's word once a batch has gone; this process's guess before) */
  startedAt: number;
  /** counted here and not yet in the database */
  pending: number;
  /** counted here and on their way to the database in the batch being written */
  sending: number;
  /** the database's total at the last batch, every process's acts (this one's included) */
  known: number;
}

const SWEEP_EVERY_MS = 10 * 60_000;
const KEEP_ENDED_MS = 3600_000;

// One statement for a single act and a batch alike: a key whose window is over begins a new one with these acts.
const UPSERT = `
  insert into act_counts as c (act, key, started_at, window_ms, count)
  select * from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::int[])
  on conflict (act, key) do update set
    count = case when c.started_at + c.window_ms <= excluded.started_at then excluded.count
                 else c.count + excluded.count end,
    started_at = case when c.started_at + c.window_ms <= excluded.started_at then excluded.started_at
                      else c.started_at end,
    window_ms = excluded.window_ms
  returning act, key, started_at, count`;

/**
 * Window counts shared by every server process through PostgreSQL (table act_counts). Rare, costly acts are counted
 * exactly, one upsert each (`takeNow`); acts as frequent as requests are counted here and sent in one batch at most
 * once per flush interval (`take`), so an ordinary request writes nothing itself and N processes overshoot a limit by
 * at most what they see in one interval.
 */
export class SharedCounts {
  private cells = new Map<string, Cell>();
  private flushing: Promise<void> | null = null;
  private lastFlush = 0;
  private lastSweep: number;

  constructor(
    private readonly db: Queryable,
    private readonly flushMs = 1000,
    private readonly now = () => Date.now(),
  ) {
    this.lastSweep = now();
  }

  private answer(startedAt: number, windowMs: number, count: number): WindowCount {
    return { count, retryAfterS: Math.max(1, Math.ceil((startedAt + windowMs - this.now()) / 1000)) };
  }

  /** Counts one act in the database now: exact across processes. */
  async takeNow(act: string, key: string, windowMs: number): Promise<WindowCount> {
    const r = await this.db.query<{ started_at: number; count: number }>(UPSERT, [
      [act],
      [key],
      [this.now()],
      [windowMs],
      [1],
    ]);
    this.maybeFlush();
    return this.answer(Number(r.rows[0].started_at), windowMs, r.rows[0].count);
  }

  /** Counts one act here; the database learns it with the next batch. The count is every process's as last known. */
  take(act: string, key: string, windowMs: number): WindowCount {
    const id = `${act}\u0000${key}`;
    const now = this.now();
    let cell = this.cells.get(id);
    if (!cell) {
      if (this.cells.size > 50_000) this.forgetEnded();
      cell = { act, key, windowMs, startedAt: now, pending: 0, sending: 0, known: 0 };
      this.cells.set(id, cell);
    } else if (cell.startedAt + cell.windowMs <= now) {
      // Its window is over here too; what is still to send belongs to the next one, which the database will confirm.
      cell.startedAt = now;
      cell.known = 0;
    }
    cell.pending++;
    this.maybeFlush();
    return this.answer(cell.startedAt, windowMs, cell.known + cell.sending + cell.pending);
  }

  private maybeFlush() {
    if (this.flushing || this.now() - this.lastFlush < this.flushMs) return;
    this.flushing = this.send()
      // A batch that cannot be written (the database busy or closing) is kept for the next one.
      .catch(() => undefined)
      .finally(() => {
        this.flushing = null;
      });
  }

  /** Sends what was counted here, after any batch already on its way, and learns every process's totals. */
  async flush(): Promise<void> {
    await this.flushing;
    await this.send();
  }

  private async send(): Promise<void> {
    this.lastFlush = this.now();
    const batch = [...this.cells.values()].filter((c) => c.pending > 0).map((c) => ({ cell: c, sent: c.pending }));
    if (batch.length) {
      for (const b of batch) {
        b.cell.pending -= b.sent;
        b.cell.sending = b.sent;
      }
      try {
        const sentAt = this.now();
        const r = await this.db.query<{ act: string; key: string; started_at: number; count: number }>(UPSERT, [
          batch.map((b) => b.cell.act),
          batch.map((b) => b.cell.key),
          batch.map(() => sentAt),
          batch.map((b) => b.cell.windowMs),
          batch.map((b) => b.sent),
        ]);
        for (const row of r.rows) {
          const cell = this.cells.get(`${row.act}\u0000${row.key}`);
          if (!cell) continue;
          cell.startedAt = Number(row.started_at);
          cell.known = Number(row.count);
        }
      } catch (e) {
        for (const b of batch) b.cell.pending += b.sent;
        throw e;
      } finally {
        for (const b of batch) b.cell.sending = 0;
      }
    }
    this.forgetEnded();
    if (this.now() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = this.now();
      await this.db.query('delete from act_counts where started_at + window_ms < $1', [this.now() - KEEP_ENDED_MS]);
    }
  }

  /** Windows over leave memory once sent. */
  private forgetEnded() {
    const now = this.now();
    for (const [id, c] of this.cells)
      if (c.pending === 0 && c.sending === 0 && c.startedAt + c.windowMs <= now) this.cells.delete(id);
  }
}
