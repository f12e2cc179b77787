import type { Queryable } from '../db/database.ts';
import { DomainError, invalid, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { stateName } from '../../src/platform/state-machine.ts';
import type { ClaimService } from './claim-service.ts';

/**
 * A person's status change (document 3 §4): a status, a sub-status allowed for it in the claim's
 * billing company, and a note, confirmed in a dialog. The move must be in the claim's table (422
 * otherwise: the predecessor only hid it in the UI). Staying in the same status changes only the
 * sub-status. With no note, the history says what changed, as the predecessor wrote it.
 */
export async function changeClaimStatus(
  claims: ClaimService,
  id: number,
  body: { status_id: unknown; sub_status_id?: unknown; note?: unknown; version?: number },
) {
  const fields: Record<string, FieldProblem[]> = {};
  const to = Number(body.status_id);
  if (!Number.isSafeInteger(to) || to < 1)
    fields.status_id = [problem('required', { field: { en: 'status', es: 'estado' } })];
  const sub =
    body.sub_status_id === undefined || body.sub_status_id === null || body.sub_status_id === ''
      ? null
      : Number(body.sub_status_id);
  if (sub !== null && (!Number.isSafeInteger(sub) || sub < 1)) fields.sub_status_id = [problem('sub_status_invalid')];
  if (body.note !== undefined && body.note !== null && (typeof body.note !== 'string' || body.note.length > 1000))
    fields.note = [problem('note_over_max_characters', { max: 1000 })];
  if (Object.keys(fields).length) throw invalid(fields, 'status_update_failed');
  const m = claims.entity.states!;
  return claims.db.transaction(async (tx) => {
    const before = await claims.store.get(id, tx, true);
    if (sub !== null) await requireSubStatus(tx, Number(before.billing_company_id), sub, to);
    const from = Number(before.status_id);
    const subName =
      sub !== null
        ? (await tx.query<{ name: string }>('select name from claim_sub_statuses where id = $1', [sub])).rows[0]?.name
        : undefined;
    const given = typeof body.note === 'string' && body.note.trim() ? body.note.trim() : undefined;
    // A move to another status needs the person's note (the table says so); a sub-status change alone is described for them.
    const note =
      given ??
      (from === to
        ? `Substatus change successful, from ${stateName(m, from)}${subName ? ` - ${subName}` : ''}`
        : undefined);
    await claims.store.transition(id, to, {
      tx,
      note,
      subStatusId: sub ?? (from === to ? undefined : null),
      version: body.version,
    });
    return claims.read(id, tx);
  });
}

/** A sub-status of the claim's billing company, enabled, whose base statuses include the target. */
export async function requireSubStatus(tx: Queryable, billingCompanyId: number, subStatusId: number, statusId: number) {
  const r = await tx.query<{ ok: boolean }>(
    `select (claim_status_ids @> to_jsonb($3::int) and status) as ok from claim_sub_statuses where id = $1 and billing_company_id = $2`,
    [subStatusId, billingCompanyId, statusId],
  );
  if (!r.rows[0]?.ok) throw new DomainError('invalid', {}, { sub_status_id: [{ code: 'sub_status_not_allowed' }] });
}
