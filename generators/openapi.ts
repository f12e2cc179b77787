import type { Entity, FieldSchema } from '../src/platform/entity.ts';
import { routeLimit, type GuardedAct } from '../dev-server/security/act-limits.ts';
import { actionSlug, planRoutes } from '../src/platform/route-plan.ts';
import type { Answer } from '../dev-server/http/answers.ts';
import { genericAnswer } from '../dev-server/resources/generic-answers.ts';

const stripX = (field: FieldSchema) => Object.fromEntries(Object.entries(field).filter(([k]) => !k.startsWith('x-')));

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** A hand-written route as its router declares it (dev-server/http/guarded-routes.ts). */
export interface DeclaredRoute {
  method: string;
  path: string;
  permission: string | string[] | null;
  summary: string;
  /** the module that declares it: its OpenAPI tag */
  module?: string;
  /** 'open': answered without a token (signing in); otherwise a bearer token is needed */
  access?: unknown;
  /** a guarded act limited per person across processes (an upload route is one without saying so) */
  limit?: GuardedAct;
  multipart?: unknown;
  multipartFor?: unknown;
  /** a sensitive act: 403 step_up_required unless the person proved it was them within the last minutes */
  stepUp?: boolean;
  /** the status of a success (200 unless said) */
  status?: number;
  /** what a success answers (dev-server/http/answers.ts) */
  answers: Answer;
}

/**
 * A record as the API reads it out: the entity's fields, each null where it is not filled, with what
 * the store adds (its id, version, owner, display name, timestamps). The entity's own schema is what
 * a write sends; this is what a read gets.
 */
function recordSchema(title: string, props: Record<string, object>): object {
  const readable = Object.entries(props).filter(([, f]) => !(f as { writeOnly?: boolean }).writeOnly);
  return {
    type: 'object',
    title: `${title} (as read)`,
    required: ['id'],
    properties: {
      ...Object.fromEntries(readable.map(([k, f]) => [k, nullable(f as Record<string, unknown>)])),
      id: { type: ['integer', 'string'] },
      version: { type: 'integer' },
      display_name: { type: ['string', 'null'] },
    },
  };
}

/** A field's type, or null: a read gives null where nothing was filled. Limits on input are left to the write. */
function nullable(field: Record<string, unknown>): object {
  const { title, description, type, items } = field as {
    title?: string;
    description?: string;
    type?: unknown;
    items?: Record<string, unknown>;
  };
  const types = [type ?? []].flat() as string[];
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(types.length ? { type: [...new Set([...types, 'null'])] } : {}),
    ...(items ? { items: nullable(items) } : {}),
  };
}

/** A success's response object: its JSON shape, the file's media types, or nothing. */
function answerResponse(answer: Answer): object {
  if (answer.kind === 'json')
    return { description: answer.description, content: { 'application/json': { schema: answer.schema } } };
  if (answer.kind === 'file')
    return {
      description: answer.description,
      content: Object.fromEntries(answer.mediaTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
    };
  return { description: answer.description };
}

function declaredOperation(route: DeclaredRoute): object {
  const open = route.access === 'open';
  const params = [...(route.path.match(/\{(\w+)\}/g) ?? [])].map((m) => ({
    name: m.slice(1, -1),
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const who =
    route.permission === null
      ? open
        ? 'open'
        : 'any signed-in user'
      : `permission ${[route.permission].flat().join(' or ')}`;
  const limit = routeLimit(route);
  return {
    operationId: `${route.method}_${route.path.replace(/[^a-z0-9]+/gi, '_')}`,
    tags: [route.module ?? 'Identity and access'],
    summary: `${route.summary} (${who})`,
    // Which of the limits of docs/security.md counts this route (LIMIT_<ACT>); past it, 429 with Retry-After.
    ...(limit ? { 'x-limit': limit } : {}),
    ...(route.stepUp ? { 'x-step-up': true } : {}),
    ...(open ? {} : { security: [{ bearer: [] }] }),
    parameters: params,
    responses: {
      [route.status ?? 200]: answerResponse(route.answers),
      401: error('Unauthenticated.'),
      403: error('This action is unauthorized.'),
      422: error('Validation failed'),
      429: error('Too many requests'),
    },
  };
}

/** OpenAPI 3.1 from the same route plan the router mounts, plus the hand-written routes' declarations. */
export function generateOpenApi(entities: Entity[], declared: DeclaredRoute[] = []): object {
  const schemas: Record<string, object> = {
    Error: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string' },
        errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      },
    },
    ListItem: {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: ['integer', 'string', 'boolean'] },
        name: { type: 'string' },
        warning: { type: 'string', description: 'what the picker says under this choice once it is chosen' },
      },
    },
  };
  const paths: Record<string, Record<string, object>> = {};
  for (const e of entities) {
    const name = e.resource.module;
    const props = Object.fromEntries(Object.entries(e.schema.properties).map(([k, f]) => [k, stripX(f)]));
    if (e.resource.tenancy === 'billing-company')
      props.billing_company_id = { type: 'integer', description: 'Owner; only a Super User may choose it' };
    if (e.resource.tenancy === 'shared')
      props.billing_company_id = {
        type: 'integer',
        description:
          "The billing company whose own code this is (others' are not listed); none: the shipped code set, which only a Super User changes",
      };
    schemas[name] = {
      type: 'object',
      title: e.schema.title,
      required: e.schema.required ?? [],
      additionalProperties: false,
      properties: props,
    };
    schemas[`${name}Record`] = recordSchema(e.schema.title, props);
    const ref = { $ref: `#/components/schemas/${name}` };
    const listParams = ['query', 'page', 'itemsPerPage', 'sortBy', 'sortDesc']
      .map((p) => ({
        name: p,
        in: 'query',
        required: false,
        schema: { type: p === 'page' || p === 'itemsPerPage' ? 'integer' : p === 'sortDesc' ? 'boolean' : 'string' },
      }))
      .concat(
        Object.entries(e.schema.properties)
          .filter(([, f]) => f['x-list']?.filter)
          .map(([k, f]) => ({
            name: k,
            in: 'query',
            required: false,
            schema: { type: f.type === 'boolean' ? 'boolean' : 'string' },
          })),
      );
    for (const route of planRoutes(e)) {
      const params: object[] = [...(route.path.match(/\{(\w+)\}/g) ?? [])].map((m) => ({
        name: m.slice(1, -1),
        in: 'path',
        required: true,
        schema: { type: m === '{id}' ? 'integer' : 'string' },
      }));
      const op: Record<string, unknown> = {
        operationId: `${name}_${route.kind}_${route.method}_${route.path.split('/').length}`,
        tags: [e.schema.title],
        summary: `${route.kind} (permission ${actionSlug(e.resource, route.action)})`,
        security: [{ bearer: [] }],
        parameters: route.kind === 'list' ? [...params, ...listParams] : params,
        responses: {
          401: error('Unauthenticated.'),
          403: error('This action is unauthorized.'),
          429: error('Too many requests'),
        } as Record<string, object>,
      };
      const responses = op.responses as Record<string, object>;
      const json = (schema: object) => ({ content: { 'application/json': { schema } } });
      responses[route.kind === 'create' ? 201 : 200] = answerResponse(genericAnswer(e, route));
      if (['create', 'update', 'fieldUpdate', 'changeStatus'].includes(route.kind)) {
        op.requestBody = {
          required: true,
          ...json(
            route.kind === 'changeStatus' ? { type: 'object', properties: { status: { type: 'boolean' } } } : ref,
          ),
        };
        responses[422] = error('Validation failed or duplicate');
      }
      if (route.kind === 'transition') {
        op.requestBody = {
          required: true,
          ...json({
            type: 'object',
            required: ['to'],
            properties: {
              to: { type: 'integer' },
              note: { type: 'string', maxLength: 1000 },
              sub_status_id: { type: 'integer' },
              version: { type: 'integer' },
            },
          }),
        };
        responses[422] = error('Action not allowed (the table has no such transition), or a note is required');
        responses[409] = error('The record changed since the version given');
      }
      if (route.kind === 'update') {
        responses[409] = error('The record changed since the version given');
        responses[428] = error('The version edited was not given (body version or If-Match)');
      }
      if (route.path.includes('{')) responses[404] = error('Not found');
      (paths[route.path] ??= {})[route.method] = op;
    }
  }
  // A hand-written route answers in place of the generic one at its path (the router refuses two of the same): its
  // declaration names the answer, the generic operation keeps what it knew of the request and its errors.
  for (const route of declared) {
    const ops = (paths[route.path] ??= {});
    const own = declaredOperation(route) as { responses: object };
    const generic = ops[route.method] as { responses: Record<string, object>; parameters?: object[] } | undefined;
    ops[route.method] = generic
      ? {
          ...generic,
          ...own,
          parameters: generic.parameters ?? (own as { parameters?: object[] }).parameters,
          requestBody: (generic as { requestBody?: object }).requestBody,
          responses: {
            ...Object.fromEntries(Object.entries(generic.responses).filter(([status]) => !status.startsWith('2'))),
            ...own.responses,
          },
        }
      : own;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Revenue-cycle platform API', version: '1' },
    servers: [{ url: '/api/v1' }],
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
