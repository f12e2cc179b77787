import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Answer } from './answers.ts';

/**
 * Under the tests (RCP_CHECK_ANSWERS=1, set by vitest.config.ts) every JSON answer of a hand-written
 * route is checked against the shape it declares, with the published document's components (entity
 * records, picker items): a route that answers other than its declaration fails the test that called
 * it with a 500 naming the difference. Off in production: it costs a validation per request.
 */
export const checkingAnswers = process.env.RCP_CHECK_ANSWERS === '1';

let ajv: Ajv | undefined;
let components: unknown;
const compiled = new WeakMap<Answer, ValidateFunction>();

function validatorOf(answer: Answer & { kind: 'json' }): ValidateFunction {
  let check = compiled.get(answer);
  if (!check) {
    ajv ??= new Ajv({ strict: false, allErrors: false, validateFormats: false });
    components ??= JSON.parse(
      readFileSync(new URL('../../src/generated/openapi.json', import.meta.url), 'utf8'),
    ).components;
    check = ajv.compile({ allOf: [answer.schema], components });
    compiled.set(answer, check);
  }
  return check;
}

/** Why this body is not what the route declares, or null when it is. */
export function answerMismatch(answer: Answer, body: unknown): string | null {
  if (answer.kind !== 'json') return `answered JSON where it declares ${answer.kind === 'file' ? 'a file' : 'nothing'}`;
  const check = validatorOf(answer);
  if (check(body)) return null;
  return (check.errors ?? []).map((e) => `${e.instancePath || '(the answer)'} ${e.message}`).join('; ');
}
