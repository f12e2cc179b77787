import type { Entity, FieldSchema } from '../src/platform/entity.ts';
import { routeLimit, type GuardedAct } from '../dev-server/security/act-limits.ts';
import { actionSlug, planRoutes } from '../src/platform/route-plan.ts';

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
      200: { description: 'Done', content: { 'application/json': { schema: { type: 'object' } } } },
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
    ListItem: { type: 'object', properties: { id: { type: ['integer', 'string'] }, name: { type: 'string' } } },
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
      if (route.kind === 'list')
        responses[200] = {
          description: 'A page',
          ...json({
            type: 'object',
            properties: {
              data: { type: 'array', items: ref },
              numberOfPages: { type: 'integer' },
              count: { type: 'integer' },
            },
          }),
        };
      else if (route.kind === 'getList' || route.kind === 'codeList')
        responses[200] = {
          description: 'Picker items',
          ...json({ type: 'array', items: { $ref: '#/components/schemas/ListItem' } }),
        };
      else if (route.kind === 'states')
        responses[200] = {
          description: 'The states: id, name, light and dark colours, public',
          ...json({ type: 'array', items: { type: 'object' } }),
        };
      else if (route.kind === 'nextStates')
        responses[200] = {
          description: 'The current state and the states this person may move the record to',
          ...json({
            type: 'object',
            properties: { current: { type: 'integer' }, next: { type: 'array', items: { type: 'integer' } } },
          }),
        };
      else if (route.kind === 'stateHistory')
        responses[200] = {
          description: 'Every transition: who, when, from, to, sub-status, note',
          ...json({ type: 'array', items: { type: 'object' } }),
        };
      else responses[route.kind === 'create' ? 201 : 200] = { description: 'The record', ...json(ref) };
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
  for (const route of declared) (paths[route.path] ??= {})[route.method] ??= declaredOperation(route);
  return {
    openapi: '3.1.0',
    info: { title: 'Revenue-cycle platform API', version: '1' },
    servers: [{ url: '/api/v1' }],
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
