import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import type { Actor } from '../security/actor.ts';
import { storeOf, type StoreContext } from '../resources/store-of.ts';

/** The records a company is linked to through their company_ids. */
export type LinkedEntity = 'facility' | 'health-professional';

/**
 * Companies are linked to facilities and health professionals through the linked row's
 * company_ids (GIN-indexed). A change goes through the store inside one transaction for all the rows
 * it touches, so it is tenant-checked, all-or-nothing and audited like any edit.
 */
export async function setCompanies({
  ctx,
  actor,
  entity,
  ids,
  change,
}: {
  ctx: StoreContext;
  actor: Actor;
  entity: LinkedEntity;
  ids: number[];
  change: (companyIds: number[]) => number[];
}): Promise<Array<Record<string, unknown>>> {
  const store = storeOf(ctx, actor, entity);
  return ctx.db.transaction(async (tx) => {
    const out: Array<Record<string, unknown>> = [];
    for (const id of ids) {
      const row = await store.get(id, tx, true);
      const next = change(((row.company_ids as number[] | undefined) ?? []).map(Number));
      // Read in the same transaction (an embedded database has one connection); the caller's companies only.
      const found = next.length
        ? (
            await tx.query<{ billing_company_id: string }>(
              `select billing_company_id from companies where id = any($1::bigint[])${actor.crossTenant ? '' : ' and billing_company_id = any($2::bigint[])'}`,
              actor.crossTenant ? [next] : [next, actor.billingCompanyIds],
            )
          ).rows
        : [];
      if (found.length !== next.length) throw invalid({ company_ids: [problem('selected_company_invalid')] });
      if (found.some((c) => Number(c.billing_company_id) !== Number(row.billing_company_id)))
        throw invalid({ company_ids: [problem('company_what_linked_belong_same_billing')] });
      out.push(await store.applyUpdate(tx, row, { company_ids: next }, 'updated'));
    }
    return out;
  });
}

/** The facilities or professionals linked to a company the actor may see. */
export async function linkedTo(ctx: StoreContext, actor: Actor, entity: LinkedEntity, companyId: number) {
  await storeOf(ctx, actor, 'company').get(companyId);
  return (await storeOf(ctx, actor, entity).list({ company_ids: String(companyId), itemsPerPage: '1000' }, false)).data;
}
