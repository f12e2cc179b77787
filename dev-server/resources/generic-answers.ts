import type { Entity } from '../../src/platform/entity.ts';
import type { PlannedRoute } from '../../src/platform/route-plan.ts';
import { Schema, idNames, json, maybe, message, page, record, type Answer } from '../http/answers.ts';

/** A state of an entity's machine as `/states` lists it (./state-routes.ts stateAnswer). */
const STATE = { id: 'integer', name: 'string', colors: 'object', public: 'boolean' } as const;

/** One transition of a record's history (./state-history.ts TransitionRow). */
const TRANSITION = {
  id: 'integer',
  from_state: 'integer?',
  to_state: 'integer',
  from_name: 'string?',
  to_name: 'string',
  sub_status_id: 'integer?',
  note: 'string?',
  created_at: 'string',
  user: maybe({ id: 'integer', email: 'string', name: 'string' }),
} as const;

/** A code list's picker items: one list, or lists by group where the code list is grouped. */
const CODE_LIST = new Schema({
  anyOf: [idNames.json, { type: 'object', additionalProperties: idNames.json }],
});

/**
 * What each generic route of an entity answers: the one declaration the OpenAPI document publishes
 * and, under the tests, the router checks every answer against (as a hand-written route's own).
 */
export function genericAnswer(entity: Entity, route: PlannedRoute): Answer {
  const row = record(entity.resource.module);
  switch (route.kind) {
    case 'list':
      return json(page(row), 'A page');
    case 'getList':
      return json(idNames, 'Picker items');
    case 'codeList':
      return json(CODE_LIST, 'Picker items, by group where the code list has groups');
    case 'states':
      return json([STATE], 'The states: id, name, light and dark colours, public');
    case 'nextStates':
      return json(
        { current: 'integer?', next: ['integer'] },
        'The current state and the states this person may move the record to',
      );
    case 'stateHistory':
      return json([TRANSITION], 'Every transition: who, when, from, to, sub-status, note');
    case 'delete':
      return message();
    default:
      return json(row, 'The record');
  }
}
