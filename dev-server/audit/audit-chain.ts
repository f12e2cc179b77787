import type { Queryable } from '../db/database.ts';

/** Where a chain is broken: the billing company's chain (0: the platform's), the audit row, and what is wrong there. */
export interface ChainBreak {
  chain: number;
  auditId: number;
  seq: number;
  problem: 'row_changed' | 'previous_row_changed_or_removed' | 'row_removed_before';
}

/**
 * Checks every chain of the audit trail (migration 0054): each row's hash against its contents and the hash of the row
 * before it, and the sequence for gaps. Set-based (one pass, a window per chain), so a million rows take one query.
 * Answers how many rows were checked and the first break of each broken chain.
 */
export async function verifyAuditChains(
  db: Queryable,
): Promise<{ rows: number; chains: number; breaks: ChainBreak[] }> {
  const r = await db.query<{
    chain: number;
    id: number;
    chain_seq: number;
    problem: ChainBreak['problem'] | null;
    total: number;
    chains: number;
  }>(
    `with c as (
       select a.id, coalesce(a.billing_company_id, 0) as chain, a.chain_seq, a.prev_hash, a.row_hash,
              audit_row_hash(a.prev_hash, a) as recomputed,
              lag(a.row_hash) over w as before_hash, lag(a.chain_seq) over w as before_seq
         from audits a where a.chain_seq is not null
       window w as (partition by coalesce(a.billing_company_id, 0) order by a.chain_seq)),
     judged as (
       select chain, id, chain_seq,
              case when recomputed is distinct from row_hash then 'row_changed'
                   when chain_seq <> coalesce(before_seq, 0) + 1 then 'row_removed_before'
                   when prev_hash is distinct from coalesce(before_hash, '') then 'previous_row_changed_or_removed' end as problem
         from c)
     select distinct on (chain) chain, id, chain_seq, problem,
            (select count(*) from c)::int as total, (select count(distinct chain) from c)::int as chains
       from judged where problem is not null
      order by chain, chain_seq`,
  );
  const counted = r.rows.length
    ? r.rows[0]
    : (
        await db.query<{ total: number; chains: number }>(
          `select count(*)::int as total, count(distinct coalesce(billing_company_id, 0))::int as chains from audits where chain_seq is not null`,
        )
      ).rows[0];
  return {
    rows: Number(counted.total),
    chains: Number(counted.chains),
    breaks: r.rows.map((b) => ({
      chain: Number(b.chain),
      auditId: Number(b.id),
      seq: Number(b.chain_seq),
      problem: b.problem!,
    })),
  };
}
