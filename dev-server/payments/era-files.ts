import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../auth/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import { read835 } from '../../src/domain/x12/era-835-reader.ts';
import { balance835 } from '../../src/domain/x12/era-835-balance.ts';
import type { Remittance } from '../../src/domain/x12/era-835-model.ts';
import { ResourceStore } from '../resources/resource-store.ts';

export interface EraContext { db: Database; entities: Entity[] }

/** Every payment (835 transaction set) of a file with the toolkit's findings: reader's and balance's. */
export function remittancesOf(text: string): Array<{ remittance: Remittance; findings: Array<{ severity: string; message: string; position: number }> }> {
  const doc = readInterchanges(text);
  const out = [];
  for (const g of doc.interchanges.flatMap((i) => i.groups).filter((x) => x.functionalId === 'HP')) {
    for (const t of g.transactions) {
      const { remittance, findings } = read835(t, doc.separators!);
      out.push({ remittance, findings: [...findings, ...balance835(remittance)].map((f) => ({ severity: f.severity, message: f.message, position: f.position })) });
    }
  }
  return out;
}

/** The payer an ERA is known by: its id (N1*PR REF*2U or TRN03) or its name. */
export const payerKey = (r: Remittance) => String(r.payer.id ?? r.trace?.originator ?? r.payer.name ?? '').slice(0, 80);

/**
 * Registers the payments of an 835 file kept in the file store as ERA files to post: one row per
 * payment (trace). A trace of the same payer already registered is a duplicate and is not registered
 * again, so the same remittance can never be posted twice, whatever file it arrives in.
 */
export async function registerEras(tx: Queryable, ctx: EraContext, actor: Actor, input: { billingCompanyId: number; fileId: number; name: string; size: number; text: string }): Promise<{ created: number[]; duplicates: string[] }> {
  const store = new ResourceStore(ctx.db, ctx.entities.find((e) => e.name === 'era-file')!, actor);
  const out = { created: [] as number[], duplicates: [] as string[] };
  for (const { remittance: r, findings } of remittancesOf(input.text)) {
    const trace = r.trace?.number ?? `${input.fileId}-${r.control}`;
    const payer = payerKey(r);
    const seen = await tx.query('select id from era_files where billing_company_id = $1 and payer_id = $2 and trace_number = $3', [input.billingCompanyId, payer, trace]);
    if (seen.rows.length) { out.duplicates.push(trace); continue; }
    const row = await store.create({
      billing_company_id: input.billingCompanyId, name: input.name, file_id: input.fileId, payer_name: r.payer.name ?? payer, payer_id: payer, payee_npi: r.payee.npi,
      trace_number: trace, payment_amount: r.payment.amount, payment_date: r.payment.date, size: input.size, claims: r.claims.length, status: 'new',
      findings: findings.slice(0, 200),
    }, { tx });
    out.created.push(row.id);
  }
  return out;
}
