import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../dev-server/api-modules.ts';
import { generateOpenApi } from '../../generators/openapi.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';
import { answerMismatch, checkingAnswers } from '../../dev-server/http/answer-check.ts';
import { json, message, record } from '../../dev-server/http/answers.ts';

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
