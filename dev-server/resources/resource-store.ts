import { historyNote } from '../../src/domain/history-notes.ts';
import { DomainError, invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { checkIds, checkPage, checkSort, checkUsDate, type QueryProblems } from '../http/query-checks.ts';
import { filterKeys } from '../../src/platform/filter-keys.ts';
import { isMoneyField, isUsDate, isoToUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { hasOwnerColumn, type Entity } from '../../src/platform/entity.ts';
import { findTransition, stateById, stateName, transitionSlug } from '../../src/platform/state-machine.ts';
import { NAME_KEY, dataFields, searchExpression, searchableDates } from '../../src/platform/table-model.ts';
import { writeAudit, writeAuditMany, type AuditEvent } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import { can, isSuperUser } from '../security/actor.ts';
import { sealSecret } from '../security/secret-box.ts';
import { ssnColumns } from '../security/ssn-protection.ts';
import { readableBy } from './shared-tenancy.ts';
import { recordTransition } from './state-history.ts';
import { checkStored } from './stored-rules.ts';
import { actingBillingCompany } from '../security/acting-billing-company.ts';

export type Row = Record<string, unknown> & { id: number };

/** A write joins the caller's transaction when given one (an operation over several records), else runs in its own. */
export interface WriteOptions {
  tx?: Queryable;
}
export interface UpdateOptions extends WriteOptions {
  /** runs on the locked current row before anything is written (the merged record's validation) */
  check?: (current: Row) => void;
  /** the version the person edited: a newer stored version answers 409 and nothing is written */
  version?: number;
  /** an edit must name its version (asked after the record is found, so another tenant's row stays a 404) */
  requireVersion?: boolean;
  event?: AuditEvent;
}
export interface TransitionOptions extends WriteOptions {
  note?: string;
  subStatusId?: number | null;
  version?: number;
  /** the system takes the transition (a job, a clearing house's answer): system-only transitions allowed, no permission asked */
  system?: boolean;
  /** other columns the state change sets, in its one update and audit (a payment batch's close date with Completed) */
  also?: Record<string, unknown>;
  /** the record as this transaction has just read and locked it (get with lock): not read a second time */
  locked?: Record<string, unknown> & { id: number };
}

const notFound = (message?: string) =>
  message ? new DomainError('not_found_message', { message }) : new DomainError('not_found');
const forbidden = () => new DomainError('forbidden');

export interface ListParams {
  query?: string;
  page?: string;
  itemsPerPage?: string;
  sortBy?: string;
  sortDesc?: string;
  [filter: string]: string | undefined;
}

const MAX_PAGE = 1000;
/** A search's total is counted up to this many matches; beyond, the list says "10,000+". */
export const COUNT_CAP = 10_000;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The words of a search, lower-cased, at most six. */
const searchWords = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);

/** A number-range bound (?billed_amount_min=5000): a whole number as typed, or its problem noted. */
function wholeNumberFilter(p: Record<string, string | undefined>, key: string, errors: QueryProblems) {
  const v = p[key];
  if (v === undefined || v === '') return undefined;
  if (/^-?\d{1,15}$/.test(v)) return v;
  errors[key] = [problem('filter_whole_number')];
  return undefined;
}

/**
 * The data layer of every schema-driven entity. Tenancy is applied here and only here: every read
 * and write goes through tenantScope(), so a route cannot forget it.
 */
export class ResourceStore<R extends Row = Row> {
  private readonly dateFields: string[];
  /** amounts (cents) a display name shows in dollars: a payment is "CHK1001 120.00", never "CHK1001 12000" */
  private readonly moneyFields: ReadonlySet<string>;
  private readonly jsonFields: string[];
  private readonly protectedFields: string[];
  private readonly fields: string[];
  /** columns the database computes (x-db.generated): read like any other, never written */
  private readonly generatedFields: string[];
  private readonly tenantOwned: boolean;
  private readonly versioned: boolean;
  /** a shared code table: shipped rows (no owner) for all, a billing company's own rows for it alone */
  private readonly shared: boolean;
  /** rows carry billing_company_id: tenant-owned rows always, a shared table's own codes */
  private readonly owned: boolean;

  constructor(
    private db: Database,
    readonly entity: Entity,
    private actor: Actor,
  ) {
    const props = entity.schema.properties;
    // Stored, readable fields: virtual ones have no column, write-only ones (an SSN typed in) are never read back.
    this.fields = dataFields(entity)
      .filter(([, f]) => !f.writeOnly && !f['x-db']?.secret)
      .map(([n]) => n);
    // Every table has created_at and updated_at; a schema that declares one (virtual: no column of its own) shows it.
    for (const system of ['created_at', 'updated_at']) if (props[system]?.['x-db']?.virtual) this.fields.push(system);
    this.protectedFields = Object.entries(props)
      .filter(([, f]) => f['x-db']?.protect)
      .map(([n]) => n);
    this.dateFields = this.fields.filter((f) => props[f].format === 'us-date');
    this.moneyFields = new Set(this.fields.filter((f) => isMoneyField(props[f])));
    this.jsonFields = this.fields.filter((f) => props[f].type === 'array' || props[f].type === 'object');
    this.generatedFields = this.fields.filter((f) => props[f]['x-db']?.generated);
    this.tenantOwned = entity.resource.tenancy === 'billing-company';
    this.shared = entity.resource.tenancy === 'shared';
    this.owned = hasOwnerColumn(entity.resource);
    this.versioned = !entity.resource.appendOnly;
  }

  /** The rules that read other rows, for this record as it will be stored, in the write's transaction. */
  private checkRules(tx: Queryable, record: Record<string, unknown>, id?: number, owner?: number | null) {
    const billingCompanyId = owner !== undefined ? owner : this.tenantOwned ? Number(record.billing_company_id) : null;
    return checkStored(tx, { record, billingCompanyId, id, entity: this.entity, actor: this.actor });
  }

  /** fn in the caller's transaction, or in a new one. */
  private run<T>(tx: Queryable | undefined, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return tx ? fn(tx) : this.db.transaction(fn);
  }

  /**
   * A record outside the states its schema allows editing in (x-resource.editableWhen: a payment batch
   * once Completed) is not changed by an update; a Super User may, as in the predecessor.
   */
  private refuseNotEditable(before: Row) {
    const when = this.entity.resource.editableWhen;
    if (!when || this.actor.crossTenant || this.actor.system) return;
    const off = Object.entries(when).find(([field, values]) => !values.includes(before[field] as never));
    if (!off) return;
    const machine = this.entity.states;
    const state =
      machine && off[0] === machine.field ? stateName(machine, Number(before[off[0]])) : String(before[off[0]]);
    throw new DomainError('not_editable', { entity: this.entity.schema.title, state });
  }

  private refuseAppendOnly() {
    if (this.entity.resource.appendOnly) throw new DomainError('append_only', { entity: this.entity.schema.title });
  }

  /**
   * A global record (a payer, a clearing house, a code) is every billing company's: only a Super User
   * changes or removes it. A billing company may add one; its own settings for it live in its own rows.
   */
  private refuseSharedWrite(before: Row) {
    const shipped =
      this.entity.resource.tenancy === 'global' || (this.shared && before.billing_company_id === undefined);
    if (shipped && !isSuperUser(this.actor) && !this.actor.system) {
      throw new DomainError('shared_catalogue', { entity: this.entity.schema.title });
    }
    // A billing company's own record (its own procedure codes, its payments) is changed by its own people: a platform
    // role that is not the Super User (Development Support) reads across billing companies, and writes none of them.
    const owned = before.billing_company_id !== undefined && before.billing_company_id !== null;
    if (owned && this.actor.crossTenant && !isSuperUser(this.actor) && !this.actor.system) {
      throw new DomainError('tenant_record_platform_role', { entity: this.entity.schema.title });
    }
  }

  /** A stale edit (someone saved after this person opened the record) is refused, never merged over. */
  private checkVersion(current: Row, version: number | undefined) {
    if (version !== undefined && this.versioned && Number(current.version) !== version) {
      throw new DomainError('stale', { expected: version, actual: Number(current.version) });
    }
  }

  get table() {
    return this.entity.resource.table;
  }

  /** what the acting person may do (the next states a screen offers follow it) */
  get actorPermissions(): ReadonlySet<string> {
    return this.actor.permissions;
  }

  private get selectList() {
    return [
      'id',
      ...(this.owned ? ['billing_company_id'] : []),
      ...(this.versioned ? ['version'] : []),
      ...this.fields,
    ].join(', ');
  }

  /** SQL predicate limiting rows to the actor's billing companies; params are appended. */
  private tenantScope(params: unknown[]): string {
    if (this.actor.crossTenant || this.entity.resource.tenancy === 'global') return 'true';
    // Most people work for one billing company: "= $n" lets the planner walk its (billing company, …) indexes in order,
    // where "= any(array)" made it read a million claims by id to find one company's 25.
    const one = this.actor.billingCompanyIds.length === 1;
    params.push(one ? this.actor.billingCompanyIds[0] : this.actor.billingCompanyIds);
    const mine = one ? `$${params.length}::bigint` : `any($${params.length}::bigint[])`;
    switch (this.entity.resource.tenancy) {
      case 'self':
        return `id = ${mine}`;
      case 'member':
        return `exists (select 1 from billing_company_users m where m.user_id = ${this.table}.id and m.billing_company_id = ${mine})`;
      case 'shared':
        return readableBy(mine, this.table);
      default:
        return `billing_company_id = ${mine}`;
    }
  }

  /** A stored row as the API shows it (dates mm/dd/yyyy, no nulls, its display name): the entity's generated type. */
  toApi(row: Record<string, unknown>): R {
    const out: Record<string, unknown> = { ...row };
    for (const f of this.dateFields) out[f] = isoToUsDate(out[f]);
    for (const [k, v] of Object.entries(out)) if (v === null) delete out[k];
    out.display_name = this.displayName(out);
    return out as R;
  }

  displayName(row: Record<string, unknown>): string {
    return fillDisplayName(this.entity.resource.displayName, row, this.moneyFields);
  }

  /**
   * A typed SSN becomes its look-up hash and last four digits; the number itself is not kept. A
   * secret the product must use again (protect "encrypt") is sealed into {field}_encrypted.
   */
  async protect(values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = { ...values };
    for (const f of this.protectedFields) {
      if (typeof out[f] !== 'string' || out[f] === '') {
        delete out[f];
        continue;
      }
      if (this.entity.schema.properties[f]['x-db']?.protect === 'encrypt') {
        out[`${f}_encrypted`] = sealSecret(out[f] as string);
        delete out[f];
        continue;
      }
      const cols = await ssnColumns(this.db, out[f] as string);
      delete out[f];
      out[`${f}_hash`] = cols.ssn_hash;
      out[`${f}_last4`] = cols.ssn_last4;
    }
    return out;
  }

  private toDb(values: Record<string, unknown>): Record<string, unknown> {
    const out = { ...values };
    for (const f of this.generatedFields) delete out[f];
    for (const f of this.dateFields) if (typeof out[f] === 'string') out[f] = usDateToIso(out[f] as string);
    // jsonb columns get JSON text: node-postgres would send a JS array as a PostgreSQL array literal.
    for (const f of this.jsonFields) if (out[f] !== undefined && out[f] !== null) out[f] = JSON.stringify(out[f]);
    return out;
  }

  /** withCount false skips the count query where nobody reads it (pickers, spotlight); tx: inside an operation's transaction. */
  async list(
    p: ListParams,
    withCount = true,
    tx: Queryable = this.db,
  ): Promise<{
    data: R[];
    numberOfPages: number;
    count: number;
    sums?: Record<string, number>;
    count_capped?: boolean;
  }> {
    const params: unknown[] = [];
    const where = [this.tenantScope(params)];
    const errors: QueryProblems = {};
    const { page, perPage } = checkPage(p, errors, { perPage: 10, max: MAX_PAGE });
    const props = this.entity.schema.properties;
    const sortable = ['id', ...this.fields.filter((f) => props[f]['x-list']?.sortable)];
    const sortBy = checkSort(p.sortBy || 'id', sortable, errors);
    const search = searchExpression(this.entity);
    const dates = searchableDates(this.entity);
    const asked = (p.query ?? '').trim();
    // A date typed among the words ("perez, 04/12/1980": last name and birth date in one box) is the record's date,
    // by its index; the rest of the words search as usual.
    const dateWord = dates.length ? asked.split(/[\s,]+/).find((w) => isUsDate(w)) : undefined;
    const typed = dateWord ? asked.replace(dateWord, ' ').replace(/^[\s,]+|[\s,]+$/g, '') : asked;
    const term = this.entity.resource.searchStripsHyphens ? typed.replace(/-/g, '') : typed;
    // Someone who sees every billing company and has not picked one searches and sorts names by the name key:
    // a broad term ("smi" over half a million patients) is then a range of one index, read in order and stopped
    // after the page, where matching any text must read and sort every match (tens of thousands of rows).
    const byName = !!(this.entity.resource.nameKey && search && this.actor.crossTenant && !p.billing_company_id);
    const searching = !!(term && search);
    const nameRanges: string[] = [];
    if (dateWord) {
      // A date as people type it (04/12/1980) finds the records of that date (a date of birth), by its index.
      params.push(usDateToIso(dateWord));
      where.push(`(${dates.map((d) => `${d} = $${params.length}`).join(' or ')})`);
    }
    if (searching) {
      // A word found anywhere in the search text, by the trigram index.
      const anywhere = (word: string) => {
        params.push(`%${likeEscape(word)}%`);
        where.push(`${search} like $${params.length}`);
      };
      if (!byName) {
        // Every word must appear, in any order: "Smith Wei" and "Wei Smith" find Wei Smith.
        searchWords(term).forEach(anywhere);
      } else {
        // Across every billing company, words are a name from its start, last name first ("smith, ma"), walked in the
        // name key's index; a word with a digit (a medical number, a policy, SSN last 4) is still found anywhere.
        // The database lower-cases the typed name as it lower-cased the key, whatever its collation does to "Ñ".
        const name = searchWords(typed.replace(/,/g, ' ')).filter((w) => !/\d/.test(w));
        // As typed ("smith, mary") or first name first ("mary smith" → "smith mary"): two ranges of the same index.
        for (const o of name.length
          ? new Set([name.join(' '), [...name.slice(-1), ...name.slice(0, -1)].join(' ')])
          : []) {
          params.push(`${likeEscape(o)}%`);
          nameRanges.push(`${NAME_KEY} like lower($${params.length})`);
        }
        searchWords(term.replace(/,/g, ' '))
          .filter((w) => /\d/.test(w))
          .forEach(anywhere);
      }
    }
    for (const f of this.fields) {
      const kind = props[f]['x-list']?.filter;
      if (!kind) continue;
      if (kind === 'date-range' || kind === 'number-range') {
        // A range's two bounds, under the keys every list filter is sent by (follow_up_date_from, billed_amount_max).
        const [low, high] = filterKeys(f, kind);
        for (const [key, op] of [
          [low, '>='],
          [high, '<='],
        ] as const) {
          const bound = kind === 'date-range' ? checkUsDate(p, key, errors) : wholeNumberFilter(p, key, errors);
          if (bound === undefined) continue;
          params.push(bound);
          where.push(`${f} ${op} $${params.length}`);
        }
        continue;
      }
      const v = p[f];
      if (v === undefined || v === '') continue;
      if (kind === 'text') {
        params.push(`%${likeEscape(v)}%`);
        where.push(`${f} ilike $${params.length}`);
      } else if (kind === 'boolean') {
        if (!['true', 'false', '1', '0'].includes(v)) {
          errors[f] = [problem('filter_true_or_false')];
          continue;
        }
        params.push(v === 'true' || v === '1');
        where.push(`${f} = $${params.length}`);
      } else if (kind === 'contains') {
        // An id in a list of ids (the companies of a facility), answered by the column's GIN index.
        if (!/^\d+$/.test(v)) {
          errors[f] = [problem('filter_an_id')];
          continue;
        }
        params.push(JSON.stringify([Number(v)]));
        where.push(`${f} @> $${params.length}::jsonb`);
      } else if (kind === 'number') {
        if (!/^-?\d+(\.\d+)?$/.test(v)) {
          errors[f] = [problem('filter_a_number')];
          continue;
        }
        params.push(v);
        where.push(`${f} = $${params.length}`);
      } else if (kind === 'equals' && props[f].type === 'integer' && v.includes(',')) {
        // status_id=1,2: any of several values (the claim verification list's default).
        const ids = v.split(',');
        if (!ids.every((x) => /^\d{1,9}$/.test(x)) || ids.length > 100) {
          errors[f] = [problem('filter_number_list')];
          continue;
        }
        params.push(ids.map(Number));
        where.push(`${f} = any($${params.length}::int[])`);
      } else {
        params.push(v);
        where.push(`${f} = $${params.length}`);
      }
    }
    // ?ids=1,2,3: the records a screen shows by reference (one request for a page of names, not one per row).
    const ids = checkIds(p, errors, MAX_PAGE);
    if (ids) {
      params.push(ids);
      where.push(`id = any($${params.length}::bigint[])`);
    }
    const member = this.entity.resource.tenancy === 'member';
    if ((this.tenantOwned || member) && p.billing_company_id) {
      if (!/^\d+$/.test(p.billing_company_id)) errors.billing_company_id = [problem('billing_company_id')];
      else {
        params.push(Number(p.billing_company_id));
        where.push(
          member
            ? `exists (select 1 from billing_company_users f where f.user_id = ${this.table}.id and f.billing_company_id = $${params.length})`
            : `billing_company_id = $${params.length}`,
        );
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const whereSql = [...where, ...(nameRanges.length ? [`(${nameRanges.join(' or ')})`] : [])].join(' and ');
    // Two name ranges are read as two walks of the index merged in order ("or" would make the planner read it whole).
    const branches = nameRanges.length > 1 ? nameRanges.map((r) => [...where, r].join(' and ')) : [whereSql];
    const dir = p.sortDesc === 'true' || p.sortDesc === '1' ? 'desc' : 'asc';
    const summedFields = this.fields.filter(
      (f) => isMoneyField(props[f]) && props[f]['x-list']?.column && props[f]['x-list']?.sum !== false,
    );
    const order =
      byName && sortBy === this.entity.resource.nameKey?.fields[0]
        ? `${NAME_KEY} ${dir}, id ${dir}`
        : `${sortBy} ${dir}, id ${dir}`;
    const from =
      branches.length > 1
        ? `(${branches.map((b) => `(select * from ${this.table} where ${b} order by ${order} limit ${page * perPage})`).join(' union all ')}) ${this.table} where true`
        : `${this.table} where ${whereSql}`;
    const pageQuery = () =>
      tx.query<Record<string, unknown>>(
        `select ${this.selectList} from ${from} order by ${order} limit ${perPage} offset ${(page - 1) * perPage}`,
        params,
      );
    // On a PostgreSQL server, outside a transaction, the page and its count are read at once on two of the pool's
    // connections (the request waits for the longer, not both). The embedded database has one connection: there they
    // are read one after the other.
    const atOnce = tx === this.db && this.db.kind === 'postgres';
    // A broad search ("smi" over half a million patients) may match tens of thousands of rows:
    // counting them all costs more than the page. Its total is counted up to COUNT_CAP ("10,000+").
    if (withCount && searching && !summedFields.length) {
      // In the name key's order the count reads its index alone and stops at the cap (the planner would otherwise
      // gather every match through a bitmap first).
      const walk = nameRanges.length ? ` order by ${NAME_KEY}, id` : '';
      const counted = branches
        .map((b) => `(select 1 from ${this.table} where ${b}${walk} limit ${COUNT_CAP + 1})`)
        .join(' union all ');
      const countQuery = () => tx.query<{ n: number }>(`select count(*) as n from (${counted}) m`, params);
      const [page_, counts] = atOnce
        ? await Promise.all([pageQuery(), countQuery()])
        : [await pageQuery(), await countQuery()];
      const n = Number(counts.rows[0].n);
      const count = Math.min(n, COUNT_CAP);
      return {
        data: page_.rows.map((r) => this.toApi(r as Row)),
        numberOfPages: Math.ceil(count / perPage),
        count,
        ...(n > COUNT_CAP ? { count_capped: true } : {}),
      };
    }
    // The page and the totals are two statements. One window count over the page's scan looked cheaper, but the
    // planner then walks the sort index to fill 25 rows and is made to read every match through it: a million-claim
    // table answered in 60 ms what a page (1 ms) and a count by the filter's index (2 ms) answer apart.
    // Money columns of the list are summed over every match, by the database, in the totals statement.
    const summed = withCount ? summedFields : [];
    const totalsQuery = () =>
      tx.query<Record<string, unknown>>(
        `select count(*) as total_rows__${summed.map((f) => `, sum(${f}) as sum_${f}__`).join('')} from ${this.table} where ${whereSql}`,
        params,
      );
    // Read one after the other, a first page shorter than a page needs no count.
    const [rows, read] =
      withCount && atOnce ? await Promise.all([pageQuery(), totalsQuery()]) : [await pageQuery(), undefined];
    let count = rows.rows.length;
    let sums: Record<string, number> | undefined;
    const whole = page === 1 && rows.rows.length < perPage;
    if (withCount && !(whole && !summed.length)) {
      const totals = (read ?? (await totalsQuery())).rows[0];
      count = Number(totals.total_rows__ ?? 0);
      if (summed.length) sums = Object.fromEntries(summed.map((f) => [f, Number(totals[`sum_${f}__`] ?? 0)]));
    }
    return {
      data: rows.rows.map((r) => this.toApi(r as Row)),
      numberOfPages: Math.ceil(count / perPage),
      count,
      ...(sums ? { sums } : {}),
    };
  }

  /** Picker items [{ id, name }], at most 1000 (narrow with query and the list filters, e.g. status=true). */
  async pickList(p: ListParams): Promise<Array<{ id: number; name: string; billing_company_id?: number }>> {
    // A search box asks for its first matches (itemsPerPage); a plain picker gets them all, up to MAX_PAGE.
    const page = await this.list(
      { ...p, itemsPerPage: p.itemsPerPage ?? String(MAX_PAGE), page: '1', sortBy: p.sortBy ?? 'id' },
      false,
    );
    return page.data.map((r) => ({
      id: r.id,
      name: r.display_name as string,
      ...(this.tenantOwned ? { billing_company_id: r.billing_company_id as number } : {}),
    }));
  }

  async get(id: number, tx: Queryable = this.db, lock = false): Promise<R> {
    const params: unknown[] = [id];
    const r = await tx.query<Row>(
      `select ${this.selectList} from ${this.table} where id = $1 and ${this.tenantScope(params)}${lock ? ' for update' : ''}`,
      params,
    );
    if (!r.rows[0]) throw notFound();
    return this.toApi(r.rows[0]);
  }

  async getBy(field: string, value: string, notFoundMessage?: string): Promise<R> {
    const params: unknown[] = [value];
    const r = await this.db.query<Row>(
      `select ${this.selectList} from ${this.table} where lower(${field}::text) = lower($1) and ${this.tenantScope(params)} limit 1`,
      params,
    );
    if (!r.rows[0]) throw notFound(notFoundMessage);
    return this.toApi(r.rows[0]);
  }

  /** The billing company a new tenant-owned row belongs to: a Super User names it; others get their own. */
  ownerFor(values: Record<string, unknown>): number | null {
    if (!this.tenantOwned && !this.shared) return null;
    const asked = values.billing_company_id as number | undefined;
    // A shared code added by a Super User (or an import) without a billing company joins the shipped set.
    if (this.shared && (isSuperUser(this.actor) || this.actor.system)) return asked ?? null;
    return actingBillingCompany(this.actor, asked);
  }

  /** within runs in the same transaction after the insert (links to other tables); what it answers joins the audit row. */
  async create(
    input: Record<string, unknown>,
    opts: WriteOptions & { within?: (tx: Queryable, row: Row) => Promise<Record<string, unknown> | void> } = {},
  ): Promise<R> {
    const { within } = opts;
    const values = await this.protect(input);
    const machine = this.entity.states;
    // A new record starts in the machine's initial state, whatever the body says.
    if (machine) values[machine.field] = machine.initial;
    return this.run(opts.tx, async (tx) => {
      const owner = this.ownerFor(values);
      await this.checkRules(tx, values, undefined, owner);
      if (this.shared) await this.refuseShadowing(tx, values, owner);
      const data = this.toDb({ ...values });
      if (this.owned) data.billing_company_id = owner;
      const cols = Object.keys(data);
      // The row comes back from the statement that last wrote it (RETURNING): no second read per record created.
      const template = this.entity.resource.codeTemplate;
      const r = await this.guard(() =>
        tx.query<Row>(
          `insert into ${this.table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning ${template ? 'id' : this.selectList}`,
          cols.map((c) => data[c]),
        ),
      );
      const written = template
        ? (
            await tx.query<Row>(`update ${this.table} set code = $2 where id = $1 returning ${this.selectList}`, [
              r.rows[0].id,
              codeFromTemplate(template, Number(r.rows[0].id)),
            ])
          ).rows[0]
        : r.rows[0];
      const row = this.toApi(written);
      if (this.entity.resource.tenancy === 'self' && !this.actor.crossTenant) {
        await tx.query('insert into billing_company_users (billing_company_id, user_id) values ($1, $2)', [
          row.id,
          this.actor.userId,
        ]);
      }
      const linked = (await within?.(tx, row)) ?? {};
      await this.audit({
        tx,
        event: 'created',
        row,
        oldValues: null,
        newValues: { ...this.auditable(row), ...linked },
      });
      if (machine)
        await recordTransition({
          tx,
          actor: this.actor,
          entity: this.entity,
          row,
          from: null,
          to: machine.initial,
          extra: { note: historyNote('created') },
        });
      return { ...row, ...linked };
    });
  }

  /**
   * Many new rows of one billing company written by the product itself in one statement (a practice's file of claims
   * imported), each audited as created, as create would one by one: for rows already judged by the caller. No code
   * template, no state machine's history here: the caller records the transitions it makes.
   */
  async insertMany(tx: Queryable, rows: Array<Record<string, unknown>>): Promise<R[]> {
    if (!rows.length) return [];
    const data = rows.map((r) => {
      const out = this.toDb(r);
      // jsonb_populate_recordset reads jsonb: a list or object goes as itself, not as the JSON text a parameter needs.
      for (const f of this.jsonFields) if (r[f] !== undefined) out[f] = r[f];
      return out;
    });
    const cols = [...new Set(data.flatMap((d) => Object.keys(d)))];
    const written = await this.guard(() =>
      tx.query<Row>(
        `insert into ${this.table} (${cols.join(', ')}) select ${cols.join(', ')} from jsonb_populate_recordset(null::${this.table}, $1::jsonb) returning ${this.selectList}`,
        [JSON.stringify(data)],
      ),
    );
    const out = written.rows.map((r) => this.toApi(r));
    await writeAuditMany(tx, this.actor, {
      entity: this.entity.resource.module,
      event: 'created',
      rows: out.map((row) => ({
        entityId: row.id,
        billingCompanyId: this.auditTenant(row),
        oldValues: null,
        newValues: this.auditable(row),
      })),
    });
    return out;
  }

  /**
   * PUT merges the body into the stored record. check sees the record as locked in the transaction,
   * so what is validated is what is written.
   */
  async update(id: number, input: Record<string, unknown>, opts: UpdateOptions = {}): Promise<R> {
    this.refuseAppendOnly();
    const values = await this.protect(input);
    return this.run(opts.tx, async (tx) => {
      const before = await this.get(id, tx, true);
      this.refuseSharedWrite(before);
      this.refuseNotEditable(before);
      if (opts.requireVersion && opts.version === undefined && this.versioned)
        throw new DomainError('version_required');
      this.checkVersion(before, opts.version);
      opts.check?.(before);
      const merged = { ...before, ...values };
      await this.checkRules(tx, merged, id);
      return this.applyUpdate(tx, before, values, opts.event ?? 'updated');
    });
  }

  /** Writes the changed fields of a row the caller has read and locked in tx, and audits them. */
  async applyUpdate(t: Queryable, before: R, values: Record<string, unknown>, event: AuditEvent): Promise<R> {
    if (
      this.owned &&
      values.billing_company_id !== undefined &&
      values.billing_company_id !== before.billing_company_id
    ) {
      if (!this.actor.crossTenant && !this.actor.billingCompanyIds.includes(values.billing_company_id as number))
        throw forbidden();
    }
    const changed = Object.keys(values).filter(
      (k) => k !== 'version' && JSON.stringify(values[k] ?? null) !== JSON.stringify(before[k] ?? null),
    );
    if (!changed.length) return before;
    const data = this.toDb(values);
    const written = await this.guard(() =>
      t.query<Row>(
        `update ${this.table} set ${changed.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()${this.versioned ? ', version = version + 1' : ''} where id = $1 returning ${this.selectList}`,
        [before.id, ...changed.map((c) => data[c] ?? null)],
      ),
    );
    const after = this.toApi(written.rows[0]);
    // Columns no one reads back (an SSN's lookup key) change, but their values stay out of the audit trail.
    const readable = new Set(['billing_company_id', ...this.fields]);
    const pick = (row: Row) =>
      Object.fromEntries(changed.filter((c) => readable.has(c)).map((c) => [c, row[c] ?? null]));
    await this.audit({ tx: t, event, row: after, oldValues: pick(before), newValues: pick(after) });
    return after;
  }

  async changeStatus(id: number, status: boolean, opts: WriteOptions = {}): Promise<R> {
    this.refuseAppendOnly();
    const field = this.entity.resource.status!.field;
    return this.run(opts.tx, async (tx) => {
      const before = await this.get(id, tx, true);
      this.refuseSharedWrite(before);
      // Enabling a record again must meet the rules an active record meets (one active primary policy).
      if (status) await this.checkRules(tx, { ...before, [field]: true }, id);
      return this.applyUpdate(tx, before, { [field]: status }, 'status_changed');
    });
  }

  async remove(id: number, opts: WriteOptions & { version?: number } = {}): Promise<void> {
    this.refuseAppendOnly();
    await this.run(opts.tx, async (tx) => {
      const before = await this.get(id, tx, true);
      this.refuseSharedWrite(before);
      this.checkVersion(before, opts.version);
      try {
        // A savepoint, so that a refused delete inside a caller's transaction does not poison it.
        await tx.query('savepoint remove_row');
        await tx.query(`delete from ${this.table} where id = $1`, [id]);
        await tx.query('release savepoint remove_row');
      } catch (e) {
        if ((e as { code?: string }).code === '23503') {
          await tx.query('rollback to savepoint remove_row');
          throw new DomainError('in_use');
        }
        throw e;
      }
      await this.audit({ tx, event: 'deleted', row: before, oldValues: this.auditable(before), newValues: null });
    });
  }

  /**
   * Moves a record along its declared state machine: the transition must be in the table, the person
   * must hold its permission, a note is asked where the table says so; the change and its history
   * row land in one transaction. Staying in the same state is allowed only to change the sub-status.
   */
  async transition(id: number, to: number, opts: TransitionOptions = {}): Promise<R> {
    const m = this.entity.states;
    if (!m) throw notFound();
    return this.run(opts.tx, async (tx) => {
      const before = opts.locked?.id === id ? (opts.locked as R) : await this.get(id, tx, true);
      this.checkVersion(before, opts.version);
      const from = Number(before[m.field]);
      if (!stateById(m, to))
        throw new DomainError('invalid', {}, { to: [{ code: 'state_unknown', params: { state: to } }] });
      const both = (id: number) => ({ en: stateName(m, id, 'en'), es: stateName(m, id, 'es') });
      const names = { entity: this.displayName(before) || this.entity.schema.title, from: both(from), to: both(to) };
      const subOnly = from === to && opts.subStatusId !== undefined && !!m.subStatusField;
      const t = subOnly ? undefined : findTransition(m, from, to);
      if (!subOnly && (!t || (t.system && !opts.system))) throw new DomainError('transition_not_allowed', names);
      if (!opts.system && t && !can(this.actor, transitionSlug(this.entity.resource.permission, m, t)))
        throw forbidden();
      if (t?.noteRequired && !opts.note?.trim())
        throw new DomainError(
          'invalid',
          {},
          { note: [{ code: 'note_required', params: { from: names.from, to: names.to } }] },
        );
      const values: Record<string, unknown> = { ...opts.also, [m.field]: to };
      if (m.subStatusField) values[m.subStatusField] = opts.subStatusId ?? null;
      const after = await this.applyUpdate(tx, before, values, 'status_changed');
      await recordTransition({
        tx,
        actor: this.actor,
        entity: this.entity,
        row: after,
        from,
        to,
        extra: {
          note: opts.note,
          subStatusId: opts.subStatusId ?? null,
        },
      });
      return after;
    });
  }

  /** Re-creates a deleted row with its old id and values (audit rollback of a deletion), under the same stored rules as any write. */
  async restoreDeleted(tx: Queryable, id: number, values: Record<string, unknown>): Promise<R> {
    const data = this.toDb(values);
    if (
      this.owned &&
      !this.actor.crossTenant &&
      !this.actor.billingCompanyIds.includes(data.billing_company_id as number)
    )
      throw forbidden();
    await this.checkRules(tx, values, id);
    const cols = ['id', ...Object.keys(data)];
    await this.guard(() =>
      tx.query(
        `insert into ${this.table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
        [id, ...Object.keys(data).map((c) => data[c])],
      ),
    );
    const row = await this.getUnscoped(tx, id);
    await this.audit({ tx, event: 'rolled_back', row, oldValues: null, newValues: this.auditable(row) });
    return row;
  }

  /** A row by id without the tenant scope: for rows just written, or one's own user record. */
  async getUnscoped(tx: Queryable, id: number): Promise<R> {
    const r = await tx.query<Row>(`select ${this.selectList} from ${this.table} where id = $1`, [id]);
    return this.toApi(r.rows[0]);
  }

  private auditable(row: Row): Record<string, unknown> {
    const { display_name: _d, ...rest } = row;
    return rest;
  }

  /**
   * Records that the actor read this record, when it is a patient's protected health information (x-resource.phi):
   * HIPAA's audit of reads. The row says what was looked at (the record, or a view of it: its ledger, its statement),
   * by whom, when and from where; none of what it holds.
   */
  async recordRead(row: Row, view?: 'ledger' | 'statement' | 'statement_preview'): Promise<void> {
    if (!this.entity.resource.phi) return;
    await this.audit({ tx: this.db, event: 'read', row, oldValues: null, newValues: view ? { view } : null });
  }

  /**
   * Records that the actor took these records away in an export (a CSV, XLSX or PDF of a list) when they are patients'
   * information: one read per record, in one statement, saying it was an export and in which format; never the values.
   */
  async recordExport(rows: Row[], format: 'csv' | 'xlsx' | 'pdf'): Promise<void> {
    if (!this.entity.resource.phi || !rows.length) return;
    await writeAuditMany(this.db, this.actor, {
      entity: this.entity.resource.module,
      event: 'read',
      rows: rows.map((row) => ({
        entityId: row.id,
        billingCompanyId: this.auditTenant(row),
        oldValues: null,
        newValues: { view: 'export', format },
      })),
    });
  }

  /** The billing company an audit row of this record belongs to (its chain). */
  private auditTenant(row: Row): number | null {
    return this.owned
      ? ((row.billing_company_id as number | undefined) ?? null)
      : this.entity.resource.tenancy === 'self'
        ? row.id
        : null;
  }

  audit({
    tx,
    event,
    row,
    oldValues,
    newValues,
  }: {
    tx: Queryable;
    event: AuditEvent;
    row: Row;
    oldValues: object | null;
    newValues: object | null;
  }) {
    return writeAudit(tx, this.actor, {
      entity: this.entity.resource.module,
      entityId: row.id,
      billingCompanyId: this.auditTenant(row),
      event,
      oldValues,
      newValues,
    });
  }

  /**
   * A billing company's own code may not repeat one it already reads (the shipped set's, or its own):
   * two rows for 99214 would make a claim's code mean whichever was found first.
   */
  private async refuseShadowing(tx: Queryable, values: Record<string, unknown>, owner: number | null) {
    for (const [field, f] of Object.entries(this.entity.schema.properties)) {
      if (!f['x-db']?.unique || typeof values[field] !== 'string') continue;
      const seen = await tx.query(
        `select 1 from ${this.table} where lower(${field}) = lower($1) and ${readableBy('$2')} limit 1`,
        [values[field], owner ?? 0],
      );
      if (seen.rows.length) throw this.duplicate(field);
    }
  }

  /** The spec's duplicate message, on the field that repeats another record's. */
  private duplicate(field: string): DomainError {
    const message =
      this.entity.schema.properties[field]?.['x-db']?.uniqueMessage ??
      this.entity.resource.duplicateMessage ??
      'This record is already registered';
    return new DomainError('duplicate', { message }, { [field]: [{ code: 'duplicate', params: { message } }] });
  }

  /** A unique-index violation becomes the spec's duplicate message on the offending field. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const err = e as { code?: string; constraint?: string; message?: string };
      if (err.code === '23505') {
        throw this.duplicate(
          this.fields.find((f) => (err.constraint ?? err.message ?? '').includes(`${this.table}_${f}_unique`)) ?? 'id',
        );
      }
      if (err.code === '23503') {
        // PostgreSQL names a foreign key {table}_{column}_fkey; the column is the field at fault.
        const column =
          ['billing_company_id', ...this.fields].find((f) => err.constraint === `${this.table}_${f}_fkey`) ?? 'id';
        const title = (
          this.entity.schema.properties[column]?.title ?? column.replace(/_id$/, '').replace(/_/g, ' ')
        ).toLowerCase();
        throw new DomainError('invalid', {}, { [column]: [{ code: 'reference_invalid', params: { field: title } }] });
      }
      throw e;
    }
  }
}

/** PB-{id:8} with id 42 → PB-00000042: a code people read aloud, unique because the id is. */
export const codeFromTemplate = (template: string, id: number) =>
  template.replace(/\{id(?::(\d+))?\}/, (_m, width?: string) => String(id).padStart(Number(width ?? 0), '0'));

/**
 * A display-name template filled from a row: a part left empty takes the separator before it with it
 * ("{name} - {abbreviation}" gives "Miami Pediatrics", not "Miami Pediatrics -").
 */
export function fillDisplayName(
  template: string,
  row: Record<string, unknown>,
  moneyFields: ReadonlySet<string> = new Set(),
): string {
  const parts = template.split(/\{(\w+)\}/);
  let out = '';
  for (let i = 1; i < parts.length; i += 2) {
    const raw = row[parts[i]];
    const v = (
      moneyFields.has(parts[i]) && raw !== null && raw !== undefined && raw !== ''
        ? formatCents(Number(raw))
        : String(raw ?? '')
    ).trim();
    if (!v) continue;
    out += (out ? parts[i - 1] : i === 1 ? parts[0] : '') + v;
  }
  return (out + (out && parts.length > 1 ? parts[parts.length - 1] : '')).replace(/\s+/g, ' ').trim();
}
