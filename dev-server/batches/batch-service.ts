import type { Entity } from '../../src/platform/entity.ts';
import type { Actor } from '../auth/actor.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import type { FileStore } from '../files/file-store.ts';
import { invalid } from '../http/errors.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { recordTransitions } from '../resources/state-history.ts';
import { writeAuditMany } from '../audit/audit-writer.ts';
import { batchCode, fileName } from '../../src/domain/claims/batch-code.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { claimsFor837 } from '../claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import type { Batch837 } from '../../src/domain/x12/claim-837-model.ts';

export interface BatchContext { db: Database; entities: Entity[]; files: FileStore }

const NOT_SUBMITTED_BATCH = 3;
const SUBMITTED_BATCH = 2;
const CLAIM_NOT_SUBMITTED = 2;
const CLAIM_SUBMITTED = 3;
type Fields = Record<string, unknown>;

export const BATCH_MESSAGES = {
  onlyReady: 'Only verified claims in Not submitted can be batched: {codes}.',
  otherCompany: 'Every claim of a batch belongs to its company: {codes}.',
  oneForm: 'A batch holds claims of one form: professional or institutional.',
  inPendingBatch: 'These claims are already in a batch not yet sent: {codes}.',
  accountRequired: 'An electronic batch needs the clearing house account it goes through.',
  notEditable: 'A batch that was sent cannot be changed.',
  notFound: 'Claim Not Found',
} as const;
const say = (m: string, p: Record<string, string> = {}) => m.replace(/\{(\w+)\}/g, (_, k) => p[k] ?? '');

/**
 * Claim batches (document 3 "Batches", predecessor-facts §3.3): a company's verified Not submitted
 * claims grouped to go to a clearing house. An electronic batch is sent as one 837 interchange kept in
 * the file store; sending (or confirming a shipment made by hand) moves its claims to Submitted.
 */
export class BatchService {
  readonly entity: Entity;
  readonly store: ResourceStore;
  private claimEntity: Entity;

  constructor(private ctx: BatchContext, private actor: Actor) {
    this.entity = ctx.entities.find((e) => e.name === 'claim-batch')!;
    this.claimEntity = ctx.entities.find((e) => e.name === 'claim')!;
    this.store = new ResourceStore(ctx.db, this.entity, actor);
  }

  /** Claims that may be batched: verified, Not submitted, in no batch that is still to be sent (one query, a page of 5,000 at most). */
  async batchable(p: { billingCompanyId?: number; companyId?: number; query?: string; exceptBatch?: number }): Promise<Fields[]> {
    const params: unknown[] = [];
    const where = ['c.status_id = 2', 'c.verified'];
    if (!this.actor.crossTenant) { params.push(this.actor.billingCompanyIds); where.push(`c.billing_company_id = any($${params.length}::bigint[])`); }
    if (p.billingCompanyId) { params.push(p.billingCompanyId); where.push(`c.billing_company_id = $${params.length}`); }
    if (p.companyId) { params.push(p.companyId); where.push(`c.company_id = $${params.length}`); }
    if (p.query) { params.push(`%${p.query.toLowerCase()}%`); where.push(`lower(coalesce(c.code, '') || ' ' || coalesce(c.patient_name, '')) like $${params.length}`); }
    params.push(p.exceptBatch ?? 0);
    where.push(`not exists (select 1 from claim_batches b where b.billing_company_id = c.billing_company_id and b.status_id = 3 and b.id <> $${params.length} and b.claim_ids @> to_jsonb(c.id))`);
    const r = await this.ctx.db.query(
      `select c.id, c.code, c.patient_id, c.patient_name, c.company_id, c.format_id, to_char(c.date_of_service, 'MM/DD/YYYY') as date_of_service, c.billed_amount, c.billing_company_id
         from claims c where ${where.join(' and ')} order by c.date_of_service, c.id limit 5000`, params);
    // name: how a picker shows the claim (claim number · patient · date of service · amount).
    return r.rows.map((x) => ({ ...x, billed_amount: Number(x.billed_amount), name: `${String(x.code)} · ${String(x.patient_name ?? '')} · ${String(x.date_of_service ?? '')} · $${formatCents(Number(x.billed_amount))}` }));
  }

  /** The claims of a batch, checked: they exist for the caller, are ready, are the batch company's, one form, and in no other pending batch. */
  private async checkedClaims(tx: Queryable, owner: number, values: Fields, exceptBatch: number) {
    const ids = values.claim_ids as number[];
    const r = await tx.query<{ id: number; code: string; status_id: number; verified: boolean; format_id: number; company_id: number; billed_amount: string }>(
      `select id, code, status_id, verified, format_id, company_id, billed_amount from claims where billing_company_id = $1 and id = any($2::bigint[]) order by id for update`, [owner, ids]);
    const errors: Record<string, string[]> = {};
    if (r.rows.length !== ids.length) errors.claim_ids = [BATCH_MESSAGES.notFound];
    const codes = (xs: typeof r.rows) => xs.map((c) => c.code).join(', ');
    const notReady = r.rows.filter((c) => Number(c.status_id) !== CLAIM_NOT_SUBMITTED || !c.verified);
    if (notReady.length) (errors.claim_ids ??= []).push(say(BATCH_MESSAGES.onlyReady, { codes: codes(notReady) }));
    const elsewhere = r.rows.filter((c) => Number(c.company_id) !== Number(values.company_id));
    if (elsewhere.length) (errors.claim_ids ??= []).push(say(BATCH_MESSAGES.otherCompany, { codes: codes(elsewhere) }));
    if (new Set(r.rows.map((c) => Number(c.format_id) === 1)).size > 1) (errors.claim_ids ??= []).push(BATCH_MESSAGES.oneForm);
    const pending = await tx.query<{ code: string }>(
      `select c.code from claims c where c.id = any($2::bigint[]) and exists (select 1 from claim_batches b where b.billing_company_id = $1 and b.status_id = 3 and b.id <> $3 and b.claim_ids @> to_jsonb(c.id))`,
      [owner, ids, exceptBatch]);
    if (pending.rows.length) (errors.claim_ids ??= []).push(say(BATCH_MESSAGES.inPendingBatch, { codes: pending.rows.map((c) => c.code).join(', ') }));
    if (values.transmission !== 'P' && !values.clearing_house_account_id) errors.clearing_house_account_id = [BATCH_MESSAGES.accountRequired];
    if (Object.keys(errors).length) throw invalid(errors);
    return { total_claims: r.rows.length, claim_amount: r.rows.reduce((n, c) => n + Number(c.billed_amount), 0) };
  }

  async save(body: Fields, opts: { id?: number; version?: number; locale: Locale }): Promise<Row> {
    const w = entityWriter(this.entity);
    const values = w.writable(body);
    return this.ctx.db.transaction(async (tx) => {
      const before = opts.id !== undefined ? await this.store.get(opts.id, tx, true) : null;
      if (before && Number(before.status_id) !== NOT_SUBMITTED_BATCH) throw invalid({ status_id: [BATCH_MESSAGES.notEditable] });
      const record = { ...(before ? w.writable(before) : {}), ...values };
      w.check(record, opts.locale);
      const owner = before ? Number(before.billing_company_id) : this.ownerOf(values);
      const totals = await this.checkedClaims(tx, owner, record, before?.id ?? 0);
      if (before) return this.store.update(before.id, { ...values, ...totals }, { tx, version: opts.version, requireVersion: true });
      const n = Number((await tx.query<{ n: number }>('select count(*) + 1 as n from claim_batches where billing_company_id = $1', [owner])).rows[0].n);
      return this.store.create({ ...values, ...totals, billing_company_id: owner, code: batchCode(String(values.name), n, new Date().getFullYear()) }, { tx });
    });
  }

  async remove(id: number, version?: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const batch = await this.store.get(id, tx, true);
      if (Number(batch.status_id) !== NOT_SUBMITTED_BATCH) throw invalid({ status_id: [BATCH_MESSAGES.notEditable] }, "Error deleting the batch, contact the administrator");
      await this.store.remove(id, { tx, version });
    });
  }

  /**
   * Sends an electronic batch: one 837P or 837I interchange with the account's submitter and receiver
   * identifiers, qualifiers and usage, a control number that is never reused, kept in the file store;
   * its claims and the batch become Submitted, all in one transaction.
   */
  async submit(id: number): Promise<Row> {
    return this.ctx.db.transaction(async (tx) => {
      const batch = await this.store.get(id, tx, true);
      if (Number(batch.status_id) !== NOT_SUBMITTED_BATCH) throw invalid({ status_id: [BATCH_MESSAGES.notEditable] }, "The batch couldn't be sent");
      if (batch.transmission === 'P') throw invalid({ transmission: ['A paper batch is printed and its shipping confirmed.'] }, "The batch couldn't be sent");
      const bc = Number(batch.billing_company_id);
      await this.checkedClaims(tx, bc, batch, id);
      const account = (await tx.query<Fields>(
        `select a.submitter_id, a.receiver_id, a.usage, a.file_name_pattern, a.contact_name, a.contact_phone, h.name as house
           from clearing_house_accounts a join clearing_houses h on h.id = a.clearing_house_id where a.id = $1 and a.billing_company_id = $2`,
        [batch.clearing_house_account_id, bc])).rows[0];
      if (!account) throw invalid({ clearing_house_account_id: [BATCH_MESSAGES.accountRequired] }, "The batch couldn't be sent");
      const control = Number((await tx.query<{ n: string }>(`select nextval('interchange_control_seq') as n`)).rows[0].n);
      const company = (await tx.query<{ name: string }>('select name from billing_companies where id = $1', [bc])).rows[0];
      const claimIds = batch.claim_ids as number[];
      const { professional, institutional } = await claimsFor837(tx, bc, claimIds);
      const now = new Date();
      const envelope = {
        submitter: { name: String(company?.name ?? 'BILLING').toUpperCase().slice(0, 60), id: String(account.submitter_id), contactName: String(account.contact_name ?? 'BILLING OFFICE'), phone: String(account.contact_phone ?? '0000000000').replace(/\D/g, '') },
        receiver: { name: String(account.house).toUpperCase(), id: String(account.receiver_id ?? account.submitter_id) },
        interchange: { senderId: String(account.submitter_id), receiverId: String(account.receiver_id ?? ''), control, usage: (account.usage === 'P' ? 'P' : 'T') as 'T' | 'P', date: now },
      };
      const strip = <T extends { id: number }>(cs: T[]) => cs.map(({ id: _id, ...c }) => c);
      const text = professional.length ? write837P({ ...envelope, claims: strip(professional) } as Batch837) : write837I({ ...envelope, claims: strip(institutional) } as Batch837<never>);
      const file = await this.ctx.files.save(this.actor, {
        kind: 'x12-out', billingCompanyId: bc, tx, source: Buffer.from(text, 'utf8'),
        name: fileName(account.file_name_pattern as string | null, { submitter: String(account.submitter_id), control, date: now, batch: String(batch.code) }),
      });
      await this.claimsSubmitted(tx, bc, claimIds, `Submitted to ClearingHouse (batch ${String(batch.code)})`);
      await this.store.applyUpdate(tx, batch, { control_number: control, file_id: file.id, shipping_date: now.toISOString() }, 'updated');
      return this.store.transition(id, SUBMITTED_BATCH, { tx, system: true, note: `837 sent: ${file.name}` });
    });
  }

  /** The manual path (a paper batch mailed, a file uploaded by hand): every claim and the batch become Submitted. */
  async confirmShipping(id: number): Promise<Row> {
    return this.ctx.db.transaction(async (tx) => {
      const batch = await this.store.get(id, tx, true);
      if (Number(batch.status_id) !== NOT_SUBMITTED_BATCH) throw invalid({ status_id: [BATCH_MESSAGES.notEditable] });
      const bc = Number(batch.billing_company_id);
      await this.checkedClaims(tx, bc, batch, id);
      await this.claimsSubmitted(tx, bc, batch.claim_ids as number[], `Shipping confirmed (batch ${String(batch.code)})`);
      await this.store.applyUpdate(tx, batch, { shipping_date: new Date().toISOString() }, 'updated');
      return this.store.transition(id, SUBMITTED_BATCH, { tx, system: true, note: 'Shipping confirmed' });
    });
  }

  /** Claims Not submitted → Submitted, as the system, with their audit and history rows: one statement each. */
  private async claimsSubmitted(tx: Queryable, bc: number, ids: number[], note: string) {
    await tx.query('update claims set status_id = $3, sub_status_id = null, version = version + 1, updated_at = now() where billing_company_id = $1 and id = any($2::bigint[])', [bc, ids, CLAIM_SUBMITTED]);
    await writeAuditMany(tx, this.actor, 'claim', 'status_changed', ids.map((id) => ({ entityId: id, billingCompanyId: bc, oldValues: { status_id: CLAIM_NOT_SUBMITTED }, newValues: { status_id: CLAIM_SUBMITTED } })));
    await recordTransitions(tx, this.actor, this.claimEntity, ids.map((id) => ({ id, billingCompanyId: bc, from: CLAIM_NOT_SUBMITTED, to: CLAIM_SUBMITTED, note })));
  }

  /** The billing company a new record belongs to: a Super User names it; others get their own (the store's one rule). */
  private ownerOf(values: Fields): number {
    return Number(this.store.ownerFor(values));
  }

}
