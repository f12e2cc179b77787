import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Response } from 'express';
import type { Answer } from './answers.ts';

/**
 * Under the tests (RCP_CHECK_ANSWERS=1, set by vitest.config.ts) every JSON answer of a route, hand-written
 * or generic, is checked against the shape it declares, with the published document's components (entity
 * records, picker items): a route that answers other than its declaration fails the test that called
 * it with a 500 naming the difference. Off in production: it costs a validation per request.
 */
export const checkingAnswers = process.env.RCP_CHECK_ANSWERS === '1';

let ajv: Ajv | undefined;
let published: Set<string> | undefined;
// By the schema's text: a generic route's answer is made again for every app a test starts, and is the same shape.
const compiled = new Map<string, ValidateFunction | null>();

/** The components a schema names ("#/components/schemas/<name>…"), anywhere inside it. */
const namedComponents = (schemaText: string): string[] =>
  (schemaText.match(/#\/components\/schemas\/[^/"]+/g) ?? []).map((ref) => ref.split('/').pop()!);

/**
 * The answer's validator, or null where it names a record the published document does not hold:
 * an entity a test defines for itself (the document publishes the product's own entities only).
 * The document's components are added to ajv once, under their own id, and each answer refers into
 * them: compiling an answer then costs its own size, not the whole document's.
 */
function validatorOf(answer: Answer & { kind: 'json' }): ValidateFunction | null {
  const text = JSON.stringify(answer.schema);
  if (compiled.has(text)) return compiled.get(text)!;
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false, inlineRefs: false });
    const { components } = JSON.parse(
      readFileSync(new URL('../../src/generated/openapi.json', import.meta.url), 'utf8'),
    ) as { components: { schemas: Record<string, unknown> } };
    ajv.addSchema({ $id: 'api', components });
    published = new Set(Object.keys(components.schemas));
  }
  const known = namedComponents(text).every((name) => published!.has(name));
  const check = known ? ajv.compile(JSON.parse(text.replaceAll('"#/components/', '"api#/components/'))) : null;
  compiled.set(text, check);
  return check;
}

/** Why this body is not what the route declares, or null when it is. */
export function answerMismatch(answer: Answer, body: unknown): string | null {
  if (answer.kind !== 'json') return `answered JSON where it declares ${answer.kind === 'file' ? 'a file' : 'nothing'}`;
  const check = validatorOf(answer);
  if (!check || check(body)) return null;
  return (check.errors ?? []).map((e) => `${e.instancePath || '(the answer)'} ${e.message}`).join('; ');
}

/**
 * Under the tests, a success whose JSON is not what the route declares becomes a 500 that names the
 * difference (checked on the JSON as sent: dates as their text). Errors keep their own shape.
 */
export function checkAnswerOf(route: { method: string; path: string; answers: Answer }, res: Response) {
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    const mismatch =
      res.statusCode < 300 ? answerMismatch(route.answers, JSON.parse(JSON.stringify(body ?? null))) : null;
    if (mismatch)
      throw new Error(`${route.method.toUpperCase()} ${route.path} answered other than it declares: ${mismatch}`);
    return send(body);
  };
}
