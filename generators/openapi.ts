import type { Entity, FieldSchema } from '../src/platform/entity.ts';
import { planRoutes } from '../src/platform/route-plan.ts';

const stripX = (field: FieldSchema) => Object.fromEntries(Object.entries(field).filter(([k]) => !k.startsWith('x-')));

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** OpenAPI 3.1 from the same route plan the router mounts. */
export function generateOpenApi(entities: Entity[]): object {
  const schemas: Record<string, object> = {
    Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } } },
    ListItem: { type: 'object', properties: { id: { type: ['integer', 'string'] }, name: { type: 'string' } } },
  };
  const paths: Record<string, Record<string, object>> = {};
  for (const e of entities) {
    const name = e.resource.module;
    const props = Object.fromEntries(Object.entries(e.schema.properties).map(([k, f]) => [k, stripX(f)]));
    if (e.resource.tenancy === 'billing-company') props.billing_company_id = { type: 'integer', description: 'Owner; only a Super User may choose it' };
    schemas[name] = { type: 'object', title: e.schema.title, required: e.schema.required ?? [], additionalProperties: false, properties: props };
    const ref = { $ref: `#/components/schemas/${name}` };
    const listParams = ['query', 'page', 'itemsPerPage', 'sortBy', 'sortDesc']
      .map((p) => ({ name: p, in: 'query', required: false, schema: { type: p === 'page' || p === 'itemsPerPage' ? 'integer' : p === 'sortDesc' ? 'boolean' : 'string' } }))
      .concat(Object.entries(e.schema.properties).filter(([, f]) => f['x-list']?.filter).map(([k, f]) => ({ name: k, in: 'query', required: false, schema: { type: f.type === 'boolean' ? 'boolean' : 'string' } })));
    for (const route of planRoutes(e)) {
      const params: object[] = [...(route.path.match(/\{(\w+)\}/g) ?? [])].map((m) => ({ name: m.slice(1, -1), in: 'path', required: true, schema: { type: m === '{id}' ? 'integer' : 'string' } }));
      const op: Record<string, unknown> = {
        operationId: `${name}_${route.kind}_${route.method}_${route.path.split('/').length}`,
        tags: [e.schema.title],
        summary: `${route.kind} (permission ${e.resource.permission}.${route.action})`,
        security: [{ bearer: [] }],
        parameters: route.kind === 'list' ? [...params, ...listParams] : params,
        responses: { 401: error('Unauthenticated.'), 403: error('This action is unauthorized.'), 429: error('Too many requests') } as Record<string, object>,
      };
      const responses = op.responses as Record<string, object>;
      const json = (schema: object) => ({ content: { 'application/json': { schema } } });
      if (route.kind === 'list') responses[200] = { description: 'A page', ...json({ type: 'object', properties: { data: { type: 'array', items: ref }, numberOfPages: { type: 'integer' }, count: { type: 'integer' } } }) };
      else if (route.kind === 'getList' || route.kind === 'codeList') responses[200] = { description: 'Picker items', ...json({ type: 'array', items: { $ref: '#/components/schemas/ListItem' } }) };
      else responses[route.kind === 'create' ? 201 : 200] = { description: 'The record', ...json(ref) };
      if (['create', 'update', 'fieldUpdate', 'changeStatus'].includes(route.kind)) {
        op.requestBody = { required: true, ...json(route.kind === 'changeStatus' ? { type: 'object', properties: { status: { type: 'boolean' } } } : ref) };
        responses[422] = error('Validation failed or duplicate');
      }
      if (route.path.includes('{')) responses[404] = error('Not found');
      (paths[route.path] ??= {})[route.method] = op;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Revenue-cycle platform API', version: '1' },
    servers: [{ url: '/api/v1' }],
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
