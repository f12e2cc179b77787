import type { DataProvider } from 'react-admin';
import { api } from '../session/api.ts';
import { entityByName, statusOf, type ClientEntity } from '../schema/entities.ts';

const entityOf = (resource: string): ClientEntity => {
  const e = entityByName(resource);
  if (!e) throw new Error(`Unknown resource ${resource}`);
  return e;
};
const base = (resource: string) => `/${entityOf(resource).resource.basePath}`;

export interface Page {
  data: Array<Record<string, unknown> & { id: number }>;
  count: number;
  numberOfPages: number;
  /** money columns summed over every match */ sums?: Record<string, number>;
  /** a broad search: count is a lower bound (10,000+) */ count_capped?: boolean;
}

/** The server's list parameters from react-admin's: query, page, itemsPerPage, sortBy, sortDesc and the filters. */
export function listQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}) {
  const { q, ...filters } = params.filter ?? {};
  return {
    query: q,
    page: params.pagination?.page ?? 1,
    itemsPerPage: params.pagination?.perPage ?? 10,
    sortBy: params.sort?.field ?? 'id',
    sortDesc: params.sort?.order === 'DESC' ? 'true' : undefined,
    ...filters,
  };
}

export const fetchPage = (resource: string, query: Record<string, unknown>) =>
  api<Page>(`${base(resource)}/get-all-server`, { query });

/** react-admin's data provider over the platform's generic routes (document 1 §7 conventions). */
export const dataProvider = {
  async getList(resource, params) {
    const page = await fetchPage(resource, listQuery(params));
    // The sums of the list's money columns (over every match, from the server) ride along as meta.
    return {
      data: page.data,
      total: page.count,
      meta: page.sums || page.count_capped ? { sums: page.sums, countCapped: page.count_capped } : undefined,
    } as never;
  },
  async getOne(resource, params) {
    return { data: await api(`${base(resource)}/${params.id}`) } as never;
  },
  async getMany(resource, params) {
    // Names of records pointed at (a list's cells): one request for all of them (react-admin gathers the ids a screen
    // asks for in the same moment), from the names list, which whoever reads the pointing record may read.
    const named = await api<Array<{ id: number; name: string }>>(`${base(resource)}/get-list`, {
      query: { ids: params.ids.join(','), itemsPerPage: Math.max(1, params.ids.length) },
    });
    return { data: named.map((r) => ({ id: r.id, display_name: r.name })) } as never;
  },
  async getManyReference() {
    return { data: [], total: 0 } as never;
  },
  async create(resource, params) {
    return { data: await api(base(resource), { method: 'POST', body: params.data }) } as never;
  },
  async update(resource, params) {
    // The version the person opened goes back with the edit: if someone saved since, the server answers 409 instead of overwriting.
    const version =
      (params.data as { version?: number }).version ??
      (params.previousData as { version?: number } | undefined)?.version;
    return {
      data: await api(`${base(resource)}/${params.id}`, { method: 'PUT', body: { ...params.data, version } }),
    } as never;
  },
  async updateMany() {
    throw new Error('Not supported');
  },
  async delete(resource, params) {
    await api(`${base(resource)}/${params.id}`, { method: 'DELETE' });
    return { data: params.previousData } as never;
  },
  async deleteMany() {
    throw new Error('Not supported');
  },
} satisfies DataProvider;

/** Enable or disable through the entity's change-status path; answers the row as the server now has it. */
export async function changeStatus(resource: string, id: number, status: boolean) {
  const s = statusOf(entityOf(resource))!;
  return api<Record<string, unknown> & { id: number }>(`${base(resource)}/${s.path.replace('{id}', String(id))}`, {
    method: 'PATCH',
    body: { status },
  });
}

/** Who read or changed a person's records (the accesses report), newest first, a page at a time. */
export const accesses = (resource: string, id: number, page: number, perPage: number) =>
  api<{ data: Array<Record<string, unknown>>; count: number }>(`${base(resource)}/${id}/accesses`, {
    query: { page, itemsPerPage: perPage },
  });

export const history = (resource: string, id: number, page = 1) =>
  api<Page>(`/audit-all-by-entity/${entityOf(resource).resource.module}/${id}`, {
    method: 'PATCH',
    body: { page, itemsPerPage: 20, sortBy: 'id', sortDesc: true },
  });

export const rollback = (resource: string, auditId: number, id: number) =>
  api(`/rollback-audit/${auditId}/by-entity/${entityOf(resource).resource.module}/${id}`, { method: 'PATCH' });
