import { priceClaimLines } from '../contracts/contract-pricing.ts';
import { HISTORY_WORDS, historyNote } from '../../src/domain/history-notes.ts';
import type { StoredRow as RecordOf } from '../resources/store-of.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../security/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { DomainError, ruleText, invalid, invalidTexts, problem } from '../../src/domain/errors/domain-error.ts';
import { ResourceStore, type Row as StoredRow } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { claimCode, claimTotals, pastDueDate } from '../../src/domain/claims/claim-amounts.ts';
import { claimMessage } from '../../src/domain/claims/claim-messages.ts';
import { stateName } from '../../src/platform/state-machine.ts';
import { checkClaim, claimReferences, type CheckedClaim, type ClaimReferences } from './claim-checks.ts';
import { insertLinesOfMany, readLines, writableLine, writeLines } from './claim-lines.ts';
import { enabledRules, scrubClaim, type StoredRule } from './claim-scrubber.ts';
import { recordTransitions } from '../resources/state-history.ts';
import { writeAuditMany } from '../db/audit-writer.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

type Row = Record<string, unknown>;

/** A claim can be changed only before it leaves (and when it came back rejected). */
export const EDITABLE = new Set<number>([CLAIM_STATUS.DRAFT, CLAIM_STATUS.NOT_SUBMITTED, CLAIM_STATUS.REJECTED]);
/** ...and deleted only while it is still being written. */
export const DELETABLE = new Set<number>([CLAIM_STATUS.DRAFT, CLAIM_STATUS.NOT_SUBMITTED]);

export interface ClaimContext {
  db: Database;
  entities: Entity[];
}
export type Findings = Record<string, string[]>;
export interface Verification {
  verified: boolean;
  errors: Findings;
  warnings: Findings;
}

const merge = (...all: Findings[]): Findings => {
  const out: Findings = {};
  for (const f of all) for (const [k, ms] of Object.entries(f)) out[k] = [...new Set([...(out[k] ?? []), ...ms])];
  return out;
};

/**
 * Claims and their lines as one record: a claim is written with its service lines in one
 * transaction, its amounts and dates derived from them, its status moved by the state machine (a
 * non-draft save takes Draft to Not submitted as the system). Every problem is reported at once.
 */
export class ClaimService {
  readonly entity: Entity;
  readonly store: ResourceStore<RecordOf<'claim'>>;
  readonly db: Database;
  readonly entities: Entity[];

  constructor(
    private ctx: ClaimContext,
    private actor: Actor,
  ) {
    this.db = ctx.db;
    this.entities = ctx.entities;
    this.entity = ctx.entities.find((e) => e.name === 'claim')!;
    this.store = new ResourceStore<RecordOf<'claim'>>(ctx.db, this.entity, actor);
  }

  /** The claim with its lines (404 when the caller may not see it). */
  async read(id: number, tx: Queryable = this.ctx.db, lock = false): Promise<StoredRow> {
    const claim = await this.store.get(id, tx, lock);
    const lines = await readLines(tx, [id], Number(claim.billing_company_id));
    return { ...claim, services: lines.get(id) ?? [] };
  }

  /** Every problem of the claim as it would be stored: schema, document 3 §5, and (unless a draft) the rules that read other rows. */
  async problems(
    tx: Queryable,
    record: Row & { billing_company_id: number },
    locale: Locale,
    opts: { draft: boolean; verify: boolean },
  ): Promise<Verification> {
    const claim = this.normalized(record);
    if (opts.draft) return this.judge({ claim, locale, refs: null, rules: null, key: 0, opts });
    const refs = await claimReferences(tx, [claim]);
    return this.judge({
      claim,
      locale,
      refs,
      rules: opts.verify ? await enabledRules(tx, [claim.billing_company_id]) : null,
      key: 0,
      opts,
    });
  }

  /** A claim's lines as written (what an answer adds to them dropped). */
  private normalized(record: Row & { billing_company_id: number }): CheckedClaim {
    return Array.isArray(record.services) ? { ...record, services: record.services.map(writableLine) } : record;
  }

  /** The findings of one claim from what was read for its batch (refs null: a draft, checked only in itself). */
  private judge({
    claim,
    locale,
    refs,
    rules,
    key,
    opts,
  }: {
    claim: CheckedClaim;
    locale: Locale;
    refs: ClaimReferences | null;
    rules: StoredRule[] | null;
    key: number;
    opts: { draft: boolean };
  }): Verification {
    const w = entityWriter(this.entity);
    const own = w.problems(w.writable({ ...claim, draft: opts.draft }), locale);
    if (!refs) return { verified: false, errors: own, warnings: {} };
    const stored = checkClaim(claim, refs, key);
    const errors = merge(own, stored.errors, rules ? scrubClaim(rules, claim, refs) : {});
    return { verified: !Object.keys(errors).length, errors, warnings: stored.warnings };
  }

  /**
   * Creates (no id) or updates a claim with its lines. draft: only what would make it wrong is
   * checked, and it stays (or goes back to) Draft; otherwise the whole of document 3 §5 must hold and
   * it becomes Not submitted. verify: the 837 and claim rules run too, and a claim that passes is
   * marked verified.
   */
  async save(
    body: Row,
    opts: { id?: number; version?: number; locale: Locale; verify?: boolean; note?: string; tx?: Queryable },
  ): Promise<StoredRow & { warnings?: Findings }> {
    const w = entityWriter(this.entity);
    const values = w.writable(body);
    if (Array.isArray(values.services)) values.services = values.services.map(writableLine);
    const draft = values.draft === true;
    delete values.draft;
    // Inside the caller's transaction when given (an admission transferred to billing lands with its claim or not at all).
    const run = <T>(f: (tx: Queryable) => Promise<T>) => (opts.tx ? f(opts.tx) : this.ctx.db.transaction(f));
    return run(async (tx) => {
      let before: StoredRow | null = null;
      if (opts.id !== undefined) {
        before = await this.read(opts.id, tx, true);
        if (opts.version === undefined) throw new DomainError('version_required');
        const status = Number(before.status_id);
        if (!EDITABLE.has(status))
          throw invalid(
            { status_id: [ruleText(claimMessage('notEditable', { status: stateName(this.entity.states!, status) }))] },
            'action_not_allowed',
          );
      }
      const record: Row = { ...(before ?? {}), ...values };
      const owner = before ? Number(before.billing_company_id) : this.ownerOf(values);
      const found = await this.problems(
        tx,
        { ...record, billing_company_id: owner } as Row & { billing_company_id: number },
        opts.locale,
        { draft, verify: !!opts.verify },
      );
      if (Object.keys(found.errors).length) throw invalidTexts(found.errors);

      const services = (record.services as Row[] | undefined) ?? [];
      const derived = await this.derived(tx, record, owner);
      const claimValues: Row = { ...values, ...derived, verified: !draft && !!opts.verify };
      delete claimValues.services;
      let saved: StoredRow;
      if (!before) {
        const id = Number(
          (await tx.query<{ id: string }>(`select nextval(pg_get_serial_sequence('claims', 'id')) as id`)).rows[0].id,
        );
        const code = claimCode({ ...derived.codeParts, id });
        saved = await this.store.create(
          {
            ...stripParts(claimValues),
            id,
            code,
            billing_company_id: owner,
            created_by: this.actor.system ? null : this.actor.userId,
          },
          {
            tx,
            within: async (t) => {
              await writeLines(t, id, owner, services);
              return { services };
            },
          },
        );
      } else {
        const code = claimCode({ ...derived.codeParts, id: before.id });
        saved = await this.store.update(before.id, { ...stripParts(claimValues), code }, { tx, version: opts.version });
        const old = (before.services as unknown[]).map(writableLine);
        if (JSON.stringify(old) !== JSON.stringify(services)) {
          await writeLines(tx, before.id, owner, services);
          await this.store.audit({
            tx,
            event: 'updated',
            row: saved,
            oldValues: { services: old },
            newValues: { services },
          });
        }
      }
      // A claim that passes is priced from its contracts: the expected amount a payment is compared with.
      if (!draft) await priceClaimLines(tx, [saved.id]);
      const target = draft ? CLAIM_STATUS.DRAFT : CLAIM_STATUS.NOT_SUBMITTED;
      const current = Number(saved.status_id);
      if (current !== target) {
        const note =
          opts.note ??
          (draft
            ? historyNote('savedAsDraft')
            : historyNote('claimSaved', {
                action: before ? HISTORY_WORDS.updated : HISTORY_WORDS.created,
                check: opts.verify ? HISTORY_WORDS.automatedCheck : HISTORY_WORDS.systemCheck,
              }));
        saved = await this.store.transition(saved.id, target, { tx, system: true, note });
      }
      const out = await this.read(saved.id, tx);
      return Object.keys(found.warnings).length ? { ...out, warnings: found.warnings } : out;
    });
  }

  /**
   * Creates many claims of one billing company at once (a practice's file imported): each judged as save judges one
   * (schema, document 3 §5, the 837 and claim rules) with what the judging reads read once for all; those that pass
   * are written verified and Not submitted, priced, audited and in their history, in a handful of statements whatever
   * their number. Answers, in order, each claim's id, or what stops it (then nothing of it is written).
   */
  async createMany(
    bodies: Row[],
    opts: { locale: Locale; note: string; tx: Queryable },
  ): Promise<Array<{ id: number } | { errors: Findings }>> {
    const { tx } = opts;
    if (!bodies.length) return [];
    const w = entityWriter(this.entity);
    const owner = this.ownerOf(bodies[0]);
    const claims = bodies.map((b) => {
      const values = w.writable(b);
      delete values.draft;
      return this.normalized({ ...values, billing_company_id: owner });
    });
    const refs = await claimReferences(tx, claims);
    const rules = await enabledRules(tx, [owner]);
    const judged = claims.map((claim, key) =>
      this.judge({ claim, locale: opts.locale, refs, rules, key, opts: { draft: false } }),
    );
    const passing = claims.filter((_, i) => judged[i].verified);
    const derived = await this.derivedMany(tx, passing, owner);
    const ids = (
      await tx.query<{ id: string }>(
        `select nextval(pg_get_serial_sequence('claims', 'id')) as id from generate_series(1, $1::int)`,
        [passing.length],
      )
    ).rows.map((r) => Number(r.id));
    const rows = passing.map((c, k) => {
      const { services: _s, ...values } = c as Row;
      const d = derived[k];
      return {
        ...stripParts({ ...values, ...d }),
        id: ids[k],
        code: claimCode({ ...d.codeParts, id: ids[k] }),
        billing_company_id: owner,
        created_by: this.actor.system ? null : this.actor.userId,
        verified: true,
        status_id: CLAIM_STATUS.NOT_SUBMITTED,
      };
    });
    await this.store.insertMany(tx, rows);
    await insertLinesOfMany(
      tx,
      owner,
      passing.map((c, k) => ({ claimId: ids[k], lines: ((c as Row).services as Row[] | undefined) ?? [] })),
    );
    await priceClaimLines(tx, ids);
    // The same history a claim saved one at a time has: made a draft, then passed its checks.
    await recordTransitions(
      tx,
      this.actor,
      this.entity,
      ids.flatMap((id) => [
        { id, billingCompanyId: owner, from: null, to: CLAIM_STATUS.DRAFT, note: historyNote('created') },
        { id, billingCompanyId: owner, from: CLAIM_STATUS.DRAFT, to: CLAIM_STATUS.NOT_SUBMITTED, note: opts.note },
      ]),
    );
    let next = 0;
    return judged.map((j) => (j.verified ? { id: ids[next++] } : { errors: j.errors }));
  }

  /** What many claims derive (derived, for each): the parties' names and the payers' filing limits read in one statement. */
  private async derivedMany(tx: Queryable, records: Row[], owner: number) {
    const r = await tx.query<{
      i: number;
      first_name: string | null;
      last_name: string | null;
      abbreviation: string | null;
      timely: number | null;
    }>(
      `select x.i, p.first_name, p.last_name, c.abbreviation,
              (select coalesce(ps.timely_filing_days, ic.timely_filing_days)
                 from insurance_policies ip join insurance_companies ic on ic.id = ip.insurance_company_id
                 left join payer_settings ps on ps.insurance_company_id = ic.id and ps.billing_company_id = $2
                where ip.id in (select jsonb_array_elements_text(x.policies)::bigint) order by ip.type_responsibility_id limit 1) as timely
         from jsonb_to_recordset($1::jsonb) as x(i int, patient_id bigint, company_id bigint, policies jsonb)
         left join patients p on p.id = x.patient_id left join companies c on c.id = x.company_id order by x.i`,
      [
        JSON.stringify(
          records.map((c, i) => ({
            i,
            patient_id: c.patient_id,
            company_id: c.company_id,
            policies: Array.isArray(c.insurance_policy_ids) ? c.insurance_policy_ids : [],
          })),
        ),
        owner,
      ],
    );
    return records.map((record, i) => derivedOf(record, r.rows[i]));
  }

  /**
   * Verifies stored claims (bulk by ids): every finding at once per claim. One that passes is marked
   * verified, and a draft (or a rejected claim) becomes Not submitted; one that fails is marked not
   * verified. One transaction, and a fixed number of statements whatever the number of claims: a
   * thousand claims are read, checked and written in a few queries, not thousands.
   */
  async verify(
    ids: number[],
    locale: Locale,
  ): Promise<Array<{ id: number; code: string; verified: boolean; errors: Findings; warnings: Findings }>> {
    return this.ctx.db.transaction(async (tx) => {
      const page = await this.store.list(
        { ids: ids.join(','), itemsPerPage: String(Math.min(1000, ids.length)) },
        false,
        tx,
      );
      const found = new Map(page.data.map((c) => [Number(c.id), c]));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length)
        throw invalid({ ids: [problem('claims_not_found', { codes: missing.join(', ') })] }, 'claim_not_found');
      await tx.query('select id from claims where id = any($1::bigint[]) order by id for update', [ids]);
      const lines = await readLines(tx, ids);
      const claims = ids.map((id) =>
        this.normalized({
          ...found.get(id)!,
          services: lines.get(id) ?? [],
          billing_company_id: Number(found.get(id)!.billing_company_id),
        }),
      );
      const refs = await claimReferences(tx, claims);
      const rules = await enabledRules(tx, [...new Set(claims.map((c) => c.billing_company_id))]);
      const results = claims.map((c, key) => ({
        claim: c,
        ...this.judge({ claim: c, locale, refs, rules, key, opts: { draft: false } }),
      }));
      // The verified flag where it changes, and the claims that now go to Not submitted, each in one statement with their audit and history rows.
      const flips = results.filter((r) => Boolean(r.claim.verified) !== r.verified);
      if (flips.length) {
        await tx.query(
          `update claims set verified = v.verified, version = version + 1, updated_at = now() from unnest($1::bigint[], $2::boolean[]) v(id, verified) where claims.id = v.id`,
          [flips.map((r) => r.claim.id), flips.map((r) => r.verified)],
        );
        await writeAuditMany(tx, this.actor, {
          entity: 'claim',
          event: 'verified',
          rows: flips.map((r) => ({
            entityId: Number(r.claim.id),
            billingCompanyId: r.claim.billing_company_id,
            oldValues: { verified: !r.verified },
            newValues: { verified: r.verified },
          })),
        });
      }
      const moving = results.filter(
        (r) =>
          r.verified &&
          EDITABLE.has(Number(r.claim.status_id)) &&
          Number(r.claim.status_id) !== CLAIM_STATUS.NOT_SUBMITTED,
      );
      if (moving.length) {
        await tx.query(
          `update claims set status_id = $2, sub_status_id = null, version = version + 1, updated_at = now() where id = any($1::bigint[])`,
          [moving.map((r) => r.claim.id), CLAIM_STATUS.NOT_SUBMITTED],
        );
        await writeAuditMany(tx, this.actor, {
          entity: 'claim',
          event: 'status_changed',
          rows: moving.map((r) => ({
            entityId: Number(r.claim.id),
            billingCompanyId: r.claim.billing_company_id,
            oldValues: { status_id: r.claim.status_id },
            newValues: { status_id: CLAIM_STATUS.NOT_SUBMITTED },
          })),
        });
        await recordTransitions(
          tx,
          this.actor,
          this.entity,
          moving.map((r) => ({
            id: Number(r.claim.id),
            billingCompanyId: r.claim.billing_company_id,
            from: Number(r.claim.status_id),
            to: CLAIM_STATUS.NOT_SUBMITTED,
            note: historyNote('manualVerification'),
          })),
        );
      }
      await priceClaimLines(
        tx,
        results.filter((r) => r.verified).map((r) => Number(r.claim.id)),
      );
      return results.map((r) => ({
        id: Number(r.claim.id),
        code: String(r.claim.code ?? ''),
        verified: r.verified,
        errors: r.errors,
        warnings: r.warnings,
      }));
    });
  }

  /** The billing company a new record belongs to: a Super User names it; others get their own (the store's one rule). */
  private ownerOf(values: Row): number {
    return Number(this.store.ownerFor(values));
  }

  /** What the claim derives from its lines and parties: amounts, dates, the patient's name, self pay, the claim number's parts. */
  private async derived(tx: Queryable, record: Row, owner: number) {
    return (await this.derivedMany(tx, [record], owner))[0];
  }

  /** Deletes a claim still being written (Draft or Not submitted) with its lines and notes. */
  async remove(id: number, version: number | undefined, within?: Queryable) {
    const run = <T>(f: (tx: Queryable) => Promise<T>) => (within ? f(within) : this.ctx.db.transaction(f));
    await run(async (tx) => {
      const claim = await this.store.get(id, tx, true);
      if (!DELETABLE.has(Number(claim.status_id)))
        throw new DomainError('transition_not_allowed', {
          entity: String(claim.code),
          from: {
            en: stateName(this.entity.states!, Number(claim.status_id)),
            es: stateName(this.entity.states!, Number(claim.status_id), 'es'),
          },
          to: { en: 'Deleted', es: 'Eliminado' },
        });
      await tx.query('delete from claim_services where claim_id = $1', [id]);
      await tx.query('delete from claim_notes where claim_id = $1', [id]);
      await this.store.remove(id, { tx, version });
    });
  }
}

const stripParts = ({ codeParts: _c, ...rest }: Row) => rest;

/** What a claim derives from its lines and from its patient's and clinic's names and its payer's filing limit, as read. */
function derivedOf(
  record: Row,
  read:
    | { first_name: string | null; last_name: string | null; abbreviation: string | null; timely: number | null }
    | undefined,
) {
  const totals = claimTotals(((record.services as Row[] | undefined) ?? []) as Array<Record<string, unknown>>);
  const policyIds = (Array.isArray(record.insurance_policy_ids) ? record.insurance_policy_ids : []) as number[];
  const who = read ?? { first_name: null, last_name: null, abbreviation: null, timely: null };
  return {
    billed_amount: totals.billed,
    amount_paid: totals.copays,
    date_of_service: totals.dateOfService,
    past_due_date: pastDueDate(totals.lastDate, who.timely),
    patient_name: [who.first_name, who.last_name].filter(Boolean).join(' ') || null,
    self_pay: policyIds.length === 0,
    codeParts: {
      companyAbbreviation: who.abbreviation,
      dateOfService: totals.dateOfService,
      firstName: who.first_name,
      lastName: who.last_name,
    },
  };
}
