import type { Request } from 'express';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import type { StateMachine } from '../../src/platform/state-machine.ts';
import { bodyObject } from '../http/guarded-routes.ts';

/** GET /{base}/states: every state with its name in the reader's language and its colours. */
export function stateAnswer(m: StateMachine, locale: 'en' | 'es') {
  return m.states.map((s) => ({
    id: s.id,
    name: (locale === 'es' && s.label_es) || s.name,
    colors: s.colors,
    public: s.public !== false,
  }));
}

/** A state as the predecessor's list calls answered it: {id, name, background_color, font_color} (claim and batch statuses alike). */
export function stateListItem(m: StateMachine, id: number, locale: 'en' | 'es') {
  const s = m.states.find((x) => x.id === id);
  return {
    id,
    name: (s && ((locale === 'es' && s.label_es) || s.name)) ?? String(id),
    background_color: s?.colors.light.background,
    font_color: s?.colors.light.text,
  };
}

/** PATCH /{base}/{id}/transition {to, note?, sub_status_id?, version?} */
export function transitionRequest(req: Request): { to: number; note?: string; subStatusId?: number | null } {
  const body = bodyObject(req);
  const fields: ConstructorParameters<typeof DomainError>[2] = {};
  const to = body.to ?? body.status_id;
  if (!Number.isSafeInteger(to)) fields.to = [{ code: 'required', params: { field: 'to' } }];
  if (body.note !== undefined && body.note !== null && (typeof body.note !== 'string' || body.note.length > 1000))
    fields.note = [{ code: 'invalid' }];
  const sub = body.sub_status_id;
  if (sub !== undefined && sub !== null && (!Number.isSafeInteger(sub) || (sub as number) < 1))
    fields.sub_status_id = [{ code: 'invalid' }];
  if (Object.keys(fields).length) throw new DomainError('status_update_failed', {}, fields);
  return {
    to: to as number,
    note: (body.note as string | undefined) ?? undefined,
    subStatusId: sub as number | null | undefined,
  };
}
