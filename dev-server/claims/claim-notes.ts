import type { Actor } from '../security/actor.ts';
import { invalid, problem, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { systemWordsOfEntity } from '../resources/system-words.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { isUsDate } from '../../src/domain/formats.ts';
import type { ClaimService } from './claim-service.ts';

type Kind = 'note' | 'tracking' | 'check_status';
const INTERFACE_TYPES = ['call', 'website', 'email', 'other'];
const NOTE_FIELD_NAMES: Record<string, { en: string; es: string }> = {
  rep_name: { en: 'rep name', es: 'nombre del representante' },
  ref_number: { en: 'ref number', es: 'número de referencia' },
};
const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : undefined);

/**
 * Notes on a claim: a note on its current status, a tracking entry (who was called, through which
 * channel, what they said) or a status check with the payer. Append-only, with the status the claim
 * was in, in the claim's billing company, audited.
 */
export async function addClaimNote({
  claims,
  actor,
  id,
  kind,
  body,
}: {
  claims: ClaimService;
  actor: Actor;
  id: number;
  kind: Kind;
  body: Record<string, unknown>;
}) {
  const errors: Record<string, FieldProblem[]> = {};
  const note = text(body.note ?? body.private_note ?? body.tracking_note, 1000);
  const details: Record<string, unknown> = {};
  if (kind === 'note' && !note) errors.note = [problem('note_required_adding')];
  if (kind === 'tracking') {
    if (!INTERFACE_TYPES.includes(String(body.interface_type)))
      errors.interface_type = [problem('interface_type_invalid')];
    else details.interface_type = body.interface_type;
    if (!note) errors.note = [problem('note_required_adding')];
    for (const f of ['rep_name', 'ref_number'])
      if (body[f] !== undefined) {
        const v = text(body[f], 100);
        if (v) details[f] = v;
        else errors[f] = [problem('field_over_max_characters', { field: NOTE_FIELD_NAMES[f], max: 100 })];
      }
    for (const f of ['tracking_date', 'follow_up'])
      if (body[f] !== undefined) {
        if (typeof body[f] === 'string' && isUsDate(body[f] as string)) details[f] = body[f];
        else errors[f] = [problem('date_mm_dd_yyyy')];
      }
  }
  if (kind === 'check_status') {
    const response = text(body.response, 2000);
    if (!response) errors.response = [problem('required', { field: { en: 'response', es: 'respuesta' } })];
    else details.response = response;
    if (body.check_date !== undefined) {
      if (typeof body.check_date === 'string' && isUsDate(body.check_date)) details.check_date = body.check_date;
      else errors.check_date = [problem('date_mm_dd_yyyy')];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const notes = new ResourceStore(claims.db, claimNoteEntity(claims), actor);
  return claims.db.transaction(async (tx) => {
    const claim = await claims.store.get(id, tx, true);
    return notes.create(
      {
        claim_id: id,
        kind,
        status_id: Number(claim.status_id),
        note: note ?? null,
        details,
        user_id: actor.system ? null : actor.userId,
        billing_company_id: Number(claim.billing_company_id),
      },
      { tx },
    );
  });
}

const claimNoteEntity = (claims: ClaimService) => claims.entities.find((e) => e.name === 'claim-note')!;

/** A note on a claim as its screen shows it: who wrote it by name (none for the system's own). */
export interface ClaimNoteRow {
  id: number;
  kind: Kind;
  status_id: number | null;
  note: string | null;
  details: Record<string, unknown> | null;
  created_at: Date;
  user_name: string;
}

/** A claim's notes (of one kind, or all), oldest first; the system's own in the reader's language. */
export async function claimNotes(
  db: Queryable,
  claim: { id: number; billing_company_id?: unknown },
  locale: Locale,
  kind?: Kind,
) {
  const r = await db.query<ClaimNoteRow>(
    `select n.id, n.kind, n.status_id, n.note, n.details, n.created_at, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as user_name
       from claim_notes n left join users u on u.id = n.user_id where n.claim_id = $1 and n.billing_company_id = $2 and ($3::text is null or n.kind = $3) order by n.id`,
    [claim.id, claim.billing_company_id, kind ?? null],
  );
  const words = systemWordsOfEntity('claim-note');
  return r.rows.map((n) => words.row(n, locale));
}
