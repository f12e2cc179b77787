import type { Actor } from '../security/actor.ts';
import { problem, invalid } from '../../src/domain/errors/domain-error.ts';
import { optionalId } from '../http/guarded-routes.ts';
import { type StoreContext } from '../resources/store-of.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';

/**
 * What a person saves of a report and may share: a preset (its filters, group levels and view) or a
 * custom report (a base report's columns, picked). Private to whoever saved it, or shared with their
 * billing company; a person lists their own and the shared ones; only the one who saved it changes
 * or deletes it.
 */
export interface SavedReportKind {
  entity: 'report-preset' | 'custom-report';
  table: 'report_presets' | 'custom_reports';
  path: string;
  noun: string;
  /** who may save, change and delete one */
  save: string;
  /** the field of the body this kind carries besides the name and the report, checked against the base report */
  check(body: Record<string, unknown>, reportKey: string | undefined): void;
}

/** The saved rows a person may use: their own and those shared with their billing company. */
export async function visibleSaved(
  ctx: StoreContext,
  actor: Actor,
  kind: Pick<SavedReportKind, 'table'>,
  q: Record<string, unknown>,
): Promise<Row[]> {
  const params: unknown[] = [actor.userId];
  const where = ['(p.user_id = $1 or p.shared)'];
  if (!actor.crossTenant) {
    params.push(actor.billingCompanyIds);
    where.push(`p.billing_company_id = any($${params.length}::bigint[])`);
  }
  if (typeof q.report_key === 'string' && q.report_key) {
    params.push(q.report_key);
    where.push(`p.report_key = $${params.length}`);
  }
  // A Super User narrows to one billing company from the list's filters, as on every tenant-owned list.
  const bc = optionalId(q.billing_company_id, 'billing_company_id');
  if (bc !== undefined) {
    params.push(bc);
    where.push(`p.billing_company_id = $${params.length}`);
  }
  if (q.ids !== undefined) {
    const ids = String(q.ids).split(',').map(Number);
    if (ids.some((x) => !Number.isSafeInteger(x) || x < 1))
      throw invalid({ ids: [problem('ids_comma_separated_list_ids')] });
    params.push(ids);
    where.push(`p.id = any($${params.length}::bigint[])`);
  }
  const rows = (
    await ctx.db.query<Row>(
      `select p.*, p.user_id = $1 as mine from ${kind.table} p where ${where.join(' and ')} order by lower(p.name), p.id limit 500`,
      params,
    )
  ).rows;
  return rows.map((r): Row => ({ ...r, display_name: r.name }));
}

/** Saves one for the person saving it (the system's own have no owner). */
export function createSaved(
  store: ResourceStore,
  actor: Actor,
  kind: Pick<SavedReportKind, 'table'>,
  body: Record<string, unknown>,
) {
  return store.create(body, {
    within: async (tx, row) => {
      await tx.query(`update ${kind.table} set user_id = $2 where id = $1`, [
        row.id,
        actor.system ? null : actor.userId,
      ]);
      return { user_id: actor.userId };
    },
  });
}
