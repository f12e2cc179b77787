import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Queryable } from './database.ts';
import { log } from '../http/server-log.ts';
import { keyId, secretKeys } from '../security/secret-box.ts';

/**
 * The audit trail's anchors. Each row's hash covers the row before it (migration 0054), but whoever holds the database
 * can change a row and compute every later hash again with the database's own function: a chain alone proves nothing
 * against the database's owner. So the server writes, every few minutes, a checkpoint of each chain — its last row's
 * number and hash, when — signed with an HMAC under a key the database never holds (derived
 * from the secrets key, SECRETS_KEY or DATA_DIR/secrets.key, rotated with keys:rotate) and kept outside the database,
 * in a file the operator chooses (AUDIT_ANCHOR_FILE). A row changed and the chain re-hashed no longer matches the
 * anchored hash; a tail cut off leaves an anchored row missing; an anchor forged without the key does not verify.
 * What the anchors cannot see: rows written after the last checkpoint (at most AUDIT_ANCHOR_MINUTES old).
 */

export interface Anchor {
  chain: number;
  /** the chain's last row then (a chain is numbered 1, 2, 3… without gaps: its number is also how many rows it held) */
  seq: number;
  head: string;
  at: string;
  /** which key of the ring signed it (the first 8 hex digits of its fingerprint) */
  key: string;
  mac: string;
}

export interface AnchorBreak {
  chain: number;
  seq: number;
  at: string;
  problem: 'anchor_forged' | 'anchored_row_changed' | 'anchored_rows_removed';
}

export const auditAnchorFile = () =>
  process.env.AUDIT_ANCHOR_FILE ?? join(process.env.DATA_DIR ?? './data', 'audit-anchors.jsonl');
export const anchorMinutes = () => Number(process.env.AUDIT_ANCHOR_MINUTES ?? 5);

/** The anchors' own key, derived from a secrets key: the same key never serves two purposes. */
const anchorKey = (key: Buffer) => createHmac('sha256', key).update('rcp audit anchors v1').digest();
const macOf = (key: Buffer, a: Omit<Anchor, 'key' | 'mac'>) =>
  createHmac('sha256', anchorKey(key)).update(`${a.chain}|${a.seq}|${a.head}|${a.at}`).digest('hex');

function signed(a: Omit<Anchor, 'key' | 'mac'>, key = secretKeys()[0]): Anchor {
  return { ...a, key: keyId(key), mac: macOf(key, a) };
}

/** Whether an anchor was signed by a key of the ring. */
function genuine(a: Anchor, ring = secretKeys()): boolean {
  const key = ring.find((k) => keyId(k) === a.key);
  if (!key || typeof a.mac !== 'string' || a.mac.length !== 64) return false;
  return timingSafeEqual(Buffer.from(macOf(key, a), 'hex'), Buffer.from(a.mac, 'hex'));
}

/** The anchors written so far, oldest first (a line that is not one is kept as a forged anchor). */
export function readAnchors(file = auditAnchorFile()): Anchor[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l) as Anchor;
      } catch {
        return { chain: -1, seq: 0, head: '', at: '', key: '', mac: '' };
      }
    });
}

/**
 * Each chain's last row now, found through the chain index (one probe per chain: the next chain after the last found,
 * then its highest number), never a pass over the whole trail.
 */
async function heads(db: Queryable) {
  const r = await db.query<{ chain: string; seq: string; head: string }>(
    `with recursive chains(chain) as (
       select min(coalesce(billing_company_id, 0)) from audits where chain_seq is not null
       union all
       select (select min(coalesce(a.billing_company_id, 0)) from audits a
                where coalesce(a.billing_company_id, 0) > c.chain and a.chain_seq is not null)
         from chains c where c.chain is not null)
     select c.chain, h.chain_seq as seq, h.row_hash as head
       from chains c
       cross join lateral (select chain_seq, row_hash from audits
                            where coalesce(billing_company_id, 0) = c.chain and chain_seq is not null
                            order by chain_seq desc limit 1) h
      where c.chain is not null`,
  );
  return r.rows.map((x) => ({ chain: Number(x.chain), seq: Number(x.seq), head: x.head }));
}

/** Each file's last anchored row per chain, read from the file once per process and kept as anchors are written. */
const anchoredUpTo = new Map<string, Map<number, number>>();

function lastAnchored(file: string): Map<number, number> {
  let last = anchoredUpTo.get(file);
  if (!last) {
    last = new Map();
    for (const a of readAnchors(file)) last.set(a.chain, Math.max(last.get(a.chain) ?? 0, a.seq));
    anchoredUpTo.set(file, last);
  }
  return last;
}

/**
 * Writes a signed anchor for each chain that has moved since its last anchor (appended to the file, owner-only);
 * answers the anchors written.
 */
export async function writeAuditAnchors(db: Queryable, file = auditAnchorFile()): Promise<Anchor[]> {
  const last = lastAnchored(file);
  const at = new Date().toISOString();
  const fresh = (await heads(db)).filter((h) => (last.get(h.chain) ?? 0) < h.seq).map((h) => signed({ ...h, at }));
  if (fresh.length) {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, fresh.map((a) => JSON.stringify(a) + '\n').join(''), { mode: 0o600 });
    for (const a of fresh) last.set(a.chain, a.seq);
  }
  return fresh;
}

/**
 * Checks every anchor: signed by a key of the ring, and its row still there with the hash it had (a row removed before
 * it is the chain's own finding: its numbers no longer follow each other). One query for all of them. Answers the
 * first break of each chain.
 */
export async function verifyAuditAnchors(
  db: Queryable,
  file = auditAnchorFile(),
): Promise<{ anchors: number; breaks: AnchorBreak[] }> {
  const anchors = readAnchors(file);
  const breaks: AnchorBreak[] = [];
  const broken = new Set<number>();
  const flag = (a: Anchor, problem: AnchorBreak['problem']) => {
    if (broken.has(a.chain)) return;
    broken.add(a.chain);
    breaks.push({ chain: a.chain, seq: a.seq, at: a.at, problem });
  };
  const ring = secretKeys();
  const good = anchors.filter((a) => {
    if (genuine(a, ring)) return true;
    flag(a, 'anchor_forged');
    return false;
  });
  if (good.length) {
    const r = await db.query<{ i: number; hash: string | null }>(
      `select x.i, a.row_hash as hash
         from unnest($1::bigint[], $2::bigint[]) with ordinality as x(chain, seq, i)
         left join audits a on coalesce(a.billing_company_id, 0) = x.chain and a.chain_seq = x.seq
        order by x.i`,
      [good.map((a) => a.chain), good.map((a) => a.seq)],
    );
    for (const row of r.rows) {
      const a = good[Number(row.i) - 1];
      if (row.hash === null) flag(a, 'anchored_rows_removed');
      else if (row.hash !== a.head) flag(a, 'anchored_row_changed');
    }
  }
  return { anchors: anchors.length, breaks };
}

/**
 * Signs every anchor again under the ring's newest key (keys:rotate, while the old key is still in the ring): each is
 * checked under its own key first, so a forged one stays forged. The file is replaced whole.
 */
export function resignAuditAnchors(file = auditAnchorFile()): number {
  const anchors = readAnchors(file);
  if (!anchors.length) return 0;
  const ring = secretKeys();
  const out = anchors.map((a) => {
    if (!genuine(a, ring)) return a;
    const { key: _k, mac: _m, ...rest } = a;
    return signed(rest, ring[0]);
  });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, out.map((a) => JSON.stringify(a) + '\n').join(''), { mode: 0o600 });
  renameSync(temp, file);
  return out.length;
}

/** Anchors the chains now and every AUDIT_ANCHOR_MINUTES (a server's own timer); answers how to stop it. */
export function startAuditAnchoring(db: Queryable): () => void {
  const anchor = () =>
    writeAuditAnchors(db).catch((e: unknown) =>
      log.error({ err: { message: (e as Error).message } }, 'audit anchors not written'),
    );
  void anchor();
  const timer = setInterval(anchor, anchorMinutes() * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
