import type { Entity } from '../../src/platform/entity.ts';
import { stateById, stateName } from '../../src/platform/state-machine.ts';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { transitionHistory } from '../resources/state-history.ts';
import { claimNotes } from './claim-notes.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

type Row = Record<string, unknown> & { id: number };
/** The default road of a claim (ClaimStatusMap): what the breadcrumb shows ahead of where a claim is. */
const HAPPY_PATH: number[] = [
  CLAIM_STATUS.DRAFT,
  CLAIM_STATUS.NOT_SUBMITTED,
  CLAIM_STATUS.SUBMITTED,
  CLAIM_STATUS.APPROVED,
  CLAIM_STATUS.COMPLETE,
];

/**
 * What the claim screen reads besides the record (predecessor-facts §2.3): the status object with
 * its sub-status and the sub-statuses it allows, the breadcrumb (status_map) of the claim's actual
 * road with the rest of the default road greyed out, and the status history with its notes.
 */
export async function claimView(db: Queryable, entity: Entity, claim: Row, locale: Locale): Promise<Row> {
  const m = entity.states!;
  const statusId = Number(claim.status_id);
  // One after the other: db may be a transaction's client, which runs one statement at a time.
  const history = await transitionHistory(db, entity, claim.id, locale);
  const subs = await db.query<{
    id: number;
    code: string;
    name: string;
    color: string | null;
    claim_status_ids: number[];
    status: boolean;
  }>(
    `select id, code, name, color, claim_status_ids, status from claim_sub_statuses where billing_company_id = $1 order by name`,
    [claim.billing_company_id],
  );
  const notes = await claimNotes(db, claim, locale);
  const subById = new Map(subs.rows.map((s) => [Number(s.id), s]));
  const colours = (id: number) => stateById(m, id)?.colors.light;
  const current = stateById(m, statusId);
  const sub = claim.sub_status_id ? subById.get(Number(claim.sub_status_id)) : undefined;

  // The road actually taken, each state once, in order of arrival; then the default road's remaining states, inactive.
  const road: number[] = [];
  for (const h of history) if (road[road.length - 1] !== h.to_state) road.push(h.to_state);
  const followedDefault = road.every((s, i) => HAPPY_PATH[i] === s);
  const ahead = followedDefault ? HAPPY_PATH.slice(road.length) : [];
  const status_map = [
    ...road.map((s, i) => ({
      status: stateName(m, s, locale),
      status_id: s,
      active: i === road.length - 1,
      status_background_color: colours(s)?.background,
      status_font_color: colours(s)?.text,
    })),
    ...ahead.map((s) => ({
      status: stateName(m, s, locale),
      status_id: s,
      active: false,
      status_background_color: '#F2F2F2',
      status_font_color: '#A0A0A0',
    })),
  ];
  // One entry per arrival in a status (a claim may come back to Draft): its notes and sub-status changes while it stayed.
  const status_history: Array<{
    status: string;
    status_id: number;
    notes_history: unknown[];
    sub_status_history: unknown[];
  }> = [];
  for (const h of history) {
    let entry = status_history[status_history.length - 1];
    if (!entry || entry.status_id !== h.to_state) {
      entry = {
        status: stateName(m, h.to_state, locale),
        status_id: h.to_state,
        notes_history: [],
        sub_status_history: [],
      };
      status_history.push(entry);
    }
    entry.notes_history.push({
      note: h.note,
      created_at: h.created_at,
      user: h.user?.name || h.user?.email || 'Console',
    });
    if (h.sub_status_id)
      entry.sub_status_history.push({
        sub_status: subById.get(Number(h.sub_status_id))?.name ?? String(h.sub_status_id),
        created_at: h.created_at,
      });
  }
  const last = history[history.length - 1];
  return {
    ...claim,
    status: current && {
      id: current.id,
      name: stateName(m, current.id, locale),
      background_color: current.colors.light.background,
      font_color: current.colors.light.text,
      sub_status: sub ? { id: sub.id, name: sub.name, color: sub.color } : null,
      sub_statuses: subs.rows
        .filter((s) => s.status && (s.claim_status_ids ?? []).map(Number).includes(statusId))
        .map((s) => ({ id: s.id, name: s.name })),
    },
    status_map,
    status_history,
    notes,
    status_date: last?.created_at ?? null,
    private_note: last?.note ?? null,
    last_modified: { user: last?.user?.name || last?.user?.email || 'Console' },
  };
}
