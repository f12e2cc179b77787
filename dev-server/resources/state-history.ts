import { hasOwnerColumn, type Entity } from '../../src/platform/entity.ts';
import { stateName } from '../../src/platform/state-machine.ts';
import type { Actor } from '../security/actor.ts';
import type { Queryable } from '../db/database.ts';
import { translateNote, type Locale } from '../i18n/locale.ts';

/** A state change as history shows it. */
export interface TransitionRow {
  id: number;
  from_state: number | null;
  to_state: number;
  from_name: string | null;
  to_name: string;
  sub_status_id: number | null;
  note: string | null;
  created_at: string;
  user: { id: number; email: string; name: string } | null;
}

/** Appends the history row of one transition, in the transaction of the change itself. */
export async function recordTransition({
  tx,
  actor,
  entity,
  row,
  from,
  to,
  extra,
}: {
  tx: Queryable;
  actor: Actor;
  entity: Entity;
  row: Record<string, unknown> & { id: number };
  from: number | null;
  to: number;
  extra: { note?: string; subStatusId?: number | null };
}): Promise<void> {
  const bc = hasOwnerColumn(entity.resource) ? ((row.billing_company_id as number | undefined) ?? null) : null;
  await tx.query(
    `insert into state_transitions (entity, entity_id, billing_company_id, from_state, to_state, sub_status_id, note, user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entity.resource.module,
      row.id,
      bc,
      from,
      to,
      extra.subStatusId ?? null,
      extra.note?.trim() || null,
      actor.system ? null : actor.userId,
    ],
  );
}

/** The history rows of many records' transitions at once, in the transaction of the change (one statement). */
export async function recordTransitions(
  tx: Queryable,
  actor: Actor,
  entity: Entity,
  rows: Array<{ id: number; billingCompanyId: number | null; from: number | null; to: number; note?: string }>,
): Promise<void> {
  if (!rows.length) return;
  await tx.query(
    `insert into state_transitions (entity, entity_id, billing_company_id, from_state, to_state, note, user_id)
     select $1, r.id, r.bc, r.f, r.t, r.note, $2 from unnest($3::bigint[], $4::bigint[], $5::int[], $6::int[], $7::text[]) as r(id, bc, f, t, note)`,
    [
      entity.resource.module,
      actor.system ? null : actor.userId,
      rows.map((r) => r.id),
      rows.map((r) => r.billingCompanyId),
      rows.map((r) => r.from),
      rows.map((r) => r.to),
      rows.map((r) => r.note ?? null),
    ],
  );
}

/** A record's transitions, oldest first, with state names in the reader's language and who took them. */
export async function transitionHistory(
  db: Queryable,
  entity: Entity,
  id: number,
  locale: Locale,
): Promise<TransitionRow[]> {
  const m = entity.states!;
  const r = await db.query<Omit<TransitionRow, 'from_name' | 'to_name'>>(
    `select t.id, t.from_state, t.to_state, t.sub_status_id, t.note, t.created_at,
            case when u.id is null then null else json_build_object('id', u.id, 'email', u.email, 'name', trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) end as user
       from state_transitions t left join users u on u.id = t.user_id
      where t.entity = $1 and t.entity_id = $2 order by t.id`,
    [entity.resource.module, id],
  );
  return r.rows.map((t) => ({
    ...t,
    note: t.note === null ? null : translateNote(t.note, locale),
    from_name: t.from_state === null ? null : stateName(m, t.from_state, locale),
    to_name: stateName(m, t.to_state, locale),
  }));
}
