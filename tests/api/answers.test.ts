import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../dev-server/api-modules.ts';
import { generateOpenApi } from '../../generators/openapi.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';
import { answerMismatch, checkingAnswers } from '../../dev-server/http/answer-check.ts';
import { json, message, record } from '../../dev-server/http/answers.ts';
import { genericAnswer } from '../../dev-server/resources/generic-answers.ts';
import { planRoutes } from '../../src/platform/route-plan.ts';

type Operation = {
  tags: string[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
const doc = generateOpenApi(productEntities(), API_ROUTES) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

describe('what the hand-written routes answer', () => {
  it("every hand-written route's success in the API document names its shape or its file, never a bare object", () => {
    const vague = API_ROUTES.filter((r) => {
      const success = doc.paths[r.path][r.method].responses[String(r.status ?? 200)];
      if (r.answers.kind === 'empty') return false;
      const content = Object.values(success.content ?? {});
      return (
        content.length === 0 ||
        content.some((c) => JSON.stringify(c.schema) === '{"type":"object"}' || JSON.stringify(c.schema) === '{}')
      );
    });
    expect(vague.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('every hand-written route is tagged with the domain that declares it', () => {
    const untagged = API_ROUTES.filter((r) => doc.paths[r.path][r.method].tags[0] !== r.module);
    expect(untagged.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('every entity a route answers with is published as a record, its unfilled fields null', () => {
    const refs = JSON.stringify(doc.paths).match(/#\/components\/schemas\/\w+/g) ?? [];
    const missing = [...new Set(refs.map((r) => r.split('/').pop()!))].filter((n) => !(n in doc.components.schemas));
    expect(missing).toEqual([]);
    expect(answerMismatch(json(record('patient')), { id: 4, first_name: 'Ana', middle_name: null })).toBeNull();
  });

  it('an answer other than its declaration is named, field by field', () => {
    expect(answerMismatch(json({ id: 'integer', total: 'integer' }), { id: 'x', total: 3 })).toBe(
      '/id must be integer',
    );
    expect(answerMismatch(message(), { done: true })).toBe("(the answer) must have required property 'message'");
    expect(answerMismatch(json(record('claim')), { code: 'C-1' })).toBe(
      "(the answer) must have required property 'id'",
    );
  });

  it("the tests check every JSON answer against its route's declaration", () => {
    expect(checkingAnswers).toBe(true);
  });
});

describe('what the generic routes answer', () => {
  const entities = productEntities();
  const planned = entities.flatMap((e) => planRoutes(e).map((route) => ({ e, route })));
  const successOf = (path: string, method: string) =>
    Object.entries(doc.paths[path][method].responses).find(([status]) => status.startsWith('2'))![1];

  it("no generic route's success in the API document is a bare object or a list of bare objects", () => {
    const vague = planned.filter(({ route }) =>
      /^(\{"type":"object"\}|\{"type":"array","items":\{"type":"object"\}\})$/.test(
        JSON.stringify(successOf(route.path, route.method).content?.['application/json']?.schema ?? {}),
      ),
    );
    expect(vague.map(({ route }) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it("a record's state history names who moved it, from and to which state, and the states by name", () => {
    const claim = entities.find((e) => e.name === 'claim')!;
    const history = genericAnswer(claim, planRoutes(claim).find((r) => r.kind === 'stateHistory')!);
    const moved = {
      id: 1,
      from_state: 1,
      to_state: 2,
      from_name: 'Draft',
      to_name: 'Not submitted',
      sub_status_id: null,
      note: null,
      created_at: '2026-11-27T10:00:00Z',
      user: { id: 3, email: 'b@x.test', name: 'Ana Biller' },
    };
    expect(answerMismatch(history, [moved])).toBeNull();
    expect(answerMismatch(history, [{ ...moved, to_name: undefined }])).toBe(
      "/0 must have required property 'to_name'",
    );
  });

  it('a deletion answers its message, not the record it removed', () => {
    const [deletable] = planned.filter(({ route }) => route.kind === 'delete');
    const del = genericAnswer(deletable.e, deletable.route);
    expect(answerMismatch(del, { message: 'Deleted.' })).toBeNull();
    expect(answerMismatch(del, { id: 4, code: '25' })).toBe("(the answer) must have required property 'message'");
  });
});
