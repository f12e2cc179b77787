import { historyNote } from '../../src/domain/history-notes.ts';
import type { StoredRow } from '../resources/store-of.ts';
import type { Entity } from '../../src/platform/entity.ts';
import { problem, invalid, ruleText, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { markRefilesTransmitted } from '../denials/refile.ts';
import type { Actor } from '../security/actor.ts';
import { nowOf } from '../db/as-of.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import { entityWriter } from '../resources/validation.ts';
import { moveClaims } from '../claims/claim-bulk.ts';
import {
  exchangeAccount,
  connects,
  interchangeUsage,
  nextInterchangeControl,
  openConnection,
} from '../exchange/account-connection.ts';
import { failureWords } from '../exchange/connection.ts';
import { logExchange } from '../exchange/exchange-log.ts';
import { batchCode, fileName } from '../../src/domain/claims/batch-code.ts';
import { formatCents } from '../../src/domain/money-input.ts';
import { crashPoint } from '../jobs/crash-point.ts';
import { claimsFor837 } from '../claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import type { Batch837 } from '../../src/domain/x12/claim-837-model.ts';
import { CLAIM_BATCH_STATUS, CLAIM_FORMAT, CLAIM_STATUS } from '../../src/generated/ids.ts';

export interface BatchContext {
  db: Database;
  entities: Entity[];
  files: FileStore;
}

type Fields = Record<string, unknown>;

/** A claim as the batch's claim picker lists it. */
interface BatchableClaimRow {
  id: number;
  code: string;
  patient_id: number;
  patient_name: string | null;
  company_id: number | null;
  format_id: number;
  date_of_service: string;
  billed_amount: number;
  billing_company_id: number;
}

/** A step of sending a batch, for a progress bar (of 4), named by a key the screens translate: reading-claims, writing-837, sending, marking-submitted. */
export type SendProgress = (step: number, message: string) => Promise<void>;

/**
 * Claim batches (document 3 "Batches", predecessor-facts §3.3): a company's verified Not submitted
 * claims grouped to go to a clearing house. An electronic batch is sent as one 837 interchange kept in
 * the file store; sending (or confirming a shipment made by hand) moves its claims to Submitted.
 */
export class BatchService {
  readonly entity: Entity;
  readonly store: ResourceStore<StoredRow<'claim-batch'>>;
  private claimEntity: Entity;

  constructor(
    private ctx: BatchContext,
    private actor: Actor,
  ) {
    this.entity = ctx.entities.find((e) => e.name === 'claim-batch')!;
    this.claimEntity = ctx.entities.find((e) => e.name === 'claim')!;
    this.store = new ResourceStore<StoredRow<'claim-batch'>>(ctx.db, this.entity, actor);
  }

  /** Claims that may be batched: verified, Not submitted, in no batch that is still to be sent (one query, a page of 5,000 at most). */
  async batchable(p: {
    billingCompanyId?: number;
    companyId?: number;
    query?: string;
    exceptBatch?: number;
    /** the claims a batch holds, named whatever they have become since (a sent batch's record) */
    ids?: number[];
  }): Promise<Fields[]> {
    const params: unknown[] = [];
    // Self-pay claims go to the patient's statement, never to a clearing house or a payer's paper batch.
    const where = p.ids
      ? [`c.id = any($${params.push(p.ids)}::bigint[])`]
      : [`c.status_id = ${CLAIM_STATUS.NOT_SUBMITTED}`, 'c.verified', 'not coalesce(c.self_pay, false)'];
    if (!this.actor.crossTenant) {
      params.push(this.actor.billingCompanyIds);
      where.push(`c.billing_company_id = any($${params.length}::bigint[])`);
    }
    if (p.billingCompanyId) {
      params.push(p.billingCompanyId);
      where.push(`c.billing_company_id = $${params.length}`);
    }
    if (p.companyId) {
      params.push(p.companyId);
      where.push(`c.company_id = $${params.length}`);
    }
    if (p.query) {
      params.push(`%${p.query.toLowerCase()}%`);
      where.push(`lower(coalesce(c.code, '') || ' ' || coalesce(c.patient_name, '')) like $${params.length}`);
    }
    if (!p.ids)
      where.push(
        `not exists (select 1 from claim_batches b where b.billing_company_id = c.billing_company_id and b.status_id = ${CLAIM_BATCH_STATUS.NOT_SUBMITTED} and b.id <> $${params.push(p.exceptBatch ?? 0)} and b.claim_ids @> to_jsonb(c.id))`,
      );
    const r = await this.ctx.db.query<BatchableClaimRow>(
      `select c.id, c.code, c.patient_id, c.patient_name, c.company_id, c.format_id, to_char(c.date_of_service, 'MM/DD/YYYY') as date_of_service, c.billed_amount, c.billing_company_id
         from claims c where ${where.join(' and ')} order by c.date_of_service, c.id limit 5000`,
      params,
    );
    // name: how a picker shows the claim (claim number · patient · date of service · amount).
    return r.rows.map((x) => ({
      ...x,
      name: `${x.code} · ${x.patient_name ?? ''} · ${x.date_of_service} · $${formatCents(x.billed_amount)}`,
    }));
  }

  /** The claims of a batch, checked: they exist for the caller, are ready, are the batch company's, one form, and in no other pending batch. */
  private async checkedClaims(tx: Queryable, owner: number, values: Fields, exceptBatch: number) {
    const ids = values.claim_ids as number[];
    const r = await tx.query<{
      id: number;
      code: string;
      status_id: number;
      verified: boolean;
      format_id: number;
      company_id: number;
      billed_amount: string;
      self_pay: boolean | null;
    }>(
      `select id, code, status_id, verified, format_id, company_id, billed_amount, self_pay from claims where billing_company_id = $1 and id = any($2::bigint[]) order by id for update`,
      [owner, ids],
    );
    const errors: Record<string, FieldProblem[]> = {};
    if (r.rows.length !== ids.length) errors.claim_ids = [problem('claim_not_found')];
    const codes = (xs: typeof r.rows) => xs.map((c) => c.code).join(', ');
    const notReady = r.rows.filter((c) => Number(c.status_id) !== CLAIM_STATUS.NOT_SUBMITTED || !c.verified);
    if (notReady.length)
      (errors.claim_ids ??= []).push(problem('claims_only_ready_batched', { codes: codes(notReady) }));
    const selfPay = r.rows.filter((c) => c.self_pay);
    if (selfPay.length)
      (errors.claim_ids ??= []).push(problem('claims_self_pay_not_batched', { codes: codes(selfPay) }));
    const elsewhere = r.rows.filter((c) => Number(c.company_id) !== Number(values.company_id));
    if (elsewhere.length)
      (errors.claim_ids ??= []).push(problem('claims_of_other_company', { codes: codes(elsewhere) }));
    // Both forms: each claim named under its form, so the person sees which to take out.
    const professional = r.rows.filter((c) => Number(c.format_id) === CLAIM_FORMAT.PROFESSIONAL);
    if (professional.length && professional.length < r.rows.length) {
      (errors.claim_ids ??= []).push(
        problem('batch_one_form', {
          professional: codes(professional),
          institutional: codes(r.rows.filter((c) => Number(c.format_id) !== CLAIM_FORMAT.PROFESSIONAL)),
        }),
      );
    }
    const pending = await tx.query<{ code: string }>(
      `select c.code from claims c where c.id = any($2::bigint[]) and exists (select 1 from claim_batches b where b.billing_company_id = $1 and b.status_id = ${CLAIM_BATCH_STATUS.NOT_SUBMITTED} and b.id <> $3 and b.claim_ids @> to_jsonb(c.id))`,
      [owner, ids, exceptBatch],
    );
    if (pending.rows.length)
      (errors.claim_ids ??= []).push(
        problem('claims_in_pending_batch', { codes: pending.rows.map((c) => c.code).join(', ') }),
      );
    if (values.transmission !== 'P' && !values.clearing_house_account_id)
      errors.clearing_house_account_id = [problem('electronic_batch_needs_clearing_house_account')];
    if (Object.keys(errors).length) throw invalid(errors);
    return {
      total_claims: r.rows.length,
      claim_amount: r.rows.reduce((n, c) => n + Number(c.billed_amount), 0),
      institutional: !professional.length,
    };
  }

  async save(body: Fields, opts: { id?: number; version?: number; locale: Locale }): Promise<Row> {
    const w = entityWriter(this.entity);
    const values = w.writable(body);
    return this.ctx.db.transaction(async (tx) => {
      const before = opts.id !== undefined ? await this.store.get(opts.id, tx, true) : null;
      if (before && Number(before.status_id) !== CLAIM_BATCH_STATUS.NOT_SUBMITTED)
        throw invalid({ status_id: [problem('batch_sent_cannot_changed')] });
      // A send under way may already have put the 837 out: the batch waits for it to finish (or be resumed).
      if (before?.send_state === 'sending')
        throw invalid({ status_id: [problem('batch_being_sent_changed_once_send')] });
      const record = { ...(before ? w.writable(before) : {}), ...values };
      w.check(record, opts.locale);
      const owner = before ? Number(before.billing_company_id) : this.ownerOf(values);
      const { institutional: _form, ...totals } = await this.checkedClaims(tx, owner, record, before?.id ?? 0);
      // An 837 prepared and not sent no longer matches the changed batch: the next send writes a new one.
      const unprepared = before?.send_state ? { control_number: null, file_id: null, send_state: null } : {};
      if (before)
        return this.store.update(
          before.id,
          { ...values, ...totals, ...unprepared },
          { tx, version: opts.version, requireVersion: true },
        );
      const n = Number(
        (
          await tx.query<{ n: number }>('select count(*) + 1 as n from claim_batches where billing_company_id = $1', [
            owner,
          ])
        ).rows[0].n,
      );
      return this.store.create(
        {
          ...values,
          ...totals,
          billing_company_id: owner,
          code: batchCode(String(values.name), n, nowOf(this.ctx.db).getFullYear()),
        },
        { tx },
      );
    });
  }

  async remove(id: number, version?: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const batch = await this.store.get(id, tx, true);
      if (Number(batch.status_id) !== CLAIM_BATCH_STATUS.NOT_SUBMITTED)
        throw invalid(
          { status_id: [problem('batch_sent_cannot_changed')] },
          'error_deleting_batch_contact_administrator',
        );
      if (batch.send_state === 'sending')
        throw invalid(
          { status_id: [problem('batch_being_sent_changed_once_send')] },
          'error_deleting_batch_contact_administrator',
        );
      await this.store.remove(id, { tx, version });
    });
  }

  /**
   * Sends an electronic batch, in steps a person can follow (progress), so that a batch goes out once
   * whatever stops the server on the way:
   * 1. prepare (one transaction): the claims are checked and the 837P or 837I is written with the
   *    account's identifiers, qualifiers and usage, under a control number never reused and a file name
   *    fixed now; it is kept in the file store and the batch remembers it (send_state "prepared"). A batch
   *    already prepared keeps its file: Send again sends the same bytes.
   * 2. the batch is marked "sending", then the file goes through the account's connection; a run resumed
   *    after a crash first looks whether that name is already in the outbound folder.
   * 3. only then do its claims and the batch become Submitted (one transaction).
   * A connection that fails puts the batch back to "prepared", leaves every status as it was and says
   * why. resumed: a job's later run, which finds a batch already Submitted by its earlier run done.
   */
  async submit(
    id: number,
    progress: SendProgress = async () => undefined,
    opts: { resumed?: boolean } = {},
  ): Promise<Row> {
    await progress(0, 'reading-claims');
    const prepared = await this.prepare(id, opts.resumed === true);
    // The crash tests' kill points stop a first run only: the run that resumes the send gets through.
    const crash = (step: string) => opts.resumed || crashPoint(`batch-send:${step}`, id);
    if (!prepared.send) return prepared.done!;
    const { batch, bc, account, file, bytes } = prepared.send;
    crash('after-prepare');
    await progress(1, 'writing-837');
    const sent = {
      billingCompanyId: bc,
      accountId: account.id,
      batchId: batch.id,
      fileId: file.id,
      direction: 'out' as const,
      kind: prepared.send.kind,
      name: file.name,
      size: bytes.length,
    };
    let where = 'the file store (to be uploaded by hand)';
    if (connects(account)) {
      await progress(2, 'sending');
      const maybeOut = batch.send_state === 'sending';
      await this.ctx.db.query(`update claim_batches set send_state = 'sending' where id = $1`, [id]);
      let connection;
      try {
        connection = await openConnection(this.ctx.db, account);
        crash('before-put');
        // A run that stopped after the file went out (and before saying so) finds it there and does not put it again.
        if (!(maybeOut && (await connection.hasOutbound(file.name)))) await connection.put(file.name, bytes);
        where = connection.label;
      } catch (e) {
        const reason = failureWords(e);
        await this.ctx.db.transaction(async (tx) => {
          await tx.query(`update claim_batches set send_state = 'prepared' where id = $1`, [id]);
          await logExchange(this.ctx, tx, this.actor, { ...sent, result: 'send_failed', message: reason });
        });
        throw invalid({ connection: [ruleText(reason)] }, 'batch_could_not_sent');
      } finally {
        await connection?.close();
      }
      crash('after-put');
    }
    await progress(3, 'marking-submitted');
    const done = await this.ctx.db.transaction(async (tx) => {
      const now = await this.store.get(id, tx, true);
      // Changed while it was being written (another person edited or sent it): the file went, the statuses say nothing false.
      if (Number(now.status_id) !== CLAIM_BATCH_STATUS.NOT_SUBMITTED || Number(now.file_id) !== file.id)
        throw invalid({ status_id: [problem('batch_changed_while_being_sent_open')] }, 'batch_could_not_sent');
      const claimIds = batch.claim_ids as number[];
      await moveClaims(tx, this.actor, {
        claimEntity: this.claimEntity,
        billingCompanyId: bc,
        from: CLAIM_STATUS.NOT_SUBMITTED,
        to: CLAIM_STATUS.SUBMITTED,
        moves: claimIds.map((c) => ({ id: c, note: historyNote('submitted', { batch: String(batch.code) }) })),
      });
      await markRefilesTransmitted(tx, claimIds);
      await logExchange(this.ctx, tx, this.actor, {
        ...sent,
        result: 'sent',
        message: `${claimIds.length} claims sent through ${where}.`,
      });
      // The shipping date goes with the state: one update and one audit row.
      return this.store.transition(id, CLAIM_BATCH_STATUS.SUBMITTED, {
        tx,
        system: true,
        note: historyNote('sent837', { file: file.name }),
        locked: now,
        also: {
          shipping_date: nowOf(this.ctx.db).toISOString(),
          answers_accepted: 0,
          answers_rejected: 0,
          send_state: null,
        },
      });
    });
    crash('after-submitted');
    return done;
  }

  /**
   * Step 1 of a send: the batch checked, its 837 written and kept (or the one written before found),
   * in one transaction. A resumed job that finds the batch Submitted by its own earlier run is done.
   */
  private async prepare(id: number, resumed: boolean) {
    const step = await this.ctx.db.transaction(async (tx) => {
      const batch = await this.store.get(id, tx, true);
      if (resumed && Number(batch.status_id) === CLAIM_BATCH_STATUS.SUBMITTED && batch.file_id)
        return { done: batch, send: null };
      if (Number(batch.status_id) !== CLAIM_BATCH_STATUS.NOT_SUBMITTED)
        throw invalid({ status_id: [problem('batch_sent_cannot_changed')] }, 'batch_could_not_sent');
      if (batch.transmission === 'P')
        throw invalid({ transmission: [problem('paper_batch_printed_shipping_confirmed')] }, 'batch_could_not_sent');
      const bc = Number(batch.billing_company_id);
      // The claims were just read and checked (one form): their form is the 837's.
      const kind = (await this.checkedClaims(tx, bc, batch, id)).institutional ? '837I' : '837P';
      const account = batch.clearing_house_account_id
        ? await exchangeAccount(tx, Number(batch.clearing_house_account_id), bc)
        : null;
      if (!account)
        throw invalid(
          { clearing_house_account_id: [problem('electronic_batch_needs_clearing_house_account')] },
          'batch_could_not_sent',
        );
      // Prepared before (a send that failed, or a run that stopped): the same file, read once the transaction is over.
      if (batch.send_state && batch.file_id)
        return { done: null, send: { batch, bc, account, fileId: Number(batch.file_id), kind } };
      const company = (
        await tx.query<{ name: string; phone: string | null }>(
          'select name, phone from billing_companies where id = $1',
          [bc],
        )
      ).rows[0];
      // Loop 1000A PER: the submitter's contact phone (the account's, else the billing company's), never a made-up one.
      const phone = String(account.contact_phone || company?.phone || '').replace(/\D/g, '');
      if (phone.length < 10)
        throw invalid({ contact_phone: [problem('clearing_house_account_needs_submitter_s')] }, 'batch_could_not_sent');
      const control = await nextInterchangeControl(tx);
      const { professional, institutional } = await claimsFor837(tx, bc, batch.claim_ids as number[]);
      const now = nowOf(this.ctx.db);
      const envelope = {
        submitter: {
          name: String(company?.name ?? 'BILLING')
            .toUpperCase()
            .slice(0, 60),
          id: account.submitter_id,
          contactName: account.contact_name ?? 'BILLING OFFICE',
          phone,
        },
        receiver: { name: account.house.toUpperCase(), id: account.receiver_id ?? account.submitter_id },
        interchange: {
          senderId: account.submitter_id,
          receiverId: account.receiver_id ?? '',
          control,
          usage: interchangeUsage(account.usage),
          date: now,
          senderQualifier: account.sender_qualifier ?? 'ZZ',
          receiverQualifier: account.receiver_qualifier ?? 'ZZ',
        },
      };
      const strip = <T extends { id: number }>(cs: T[]) => cs.map(({ id: _id, ...c }) => c);
      const text =
        kind === '837I'
          ? write837I({ ...envelope, claims: strip(institutional) } as Batch837<never>)
          : write837P({ ...envelope, claims: strip(professional) } as Batch837);
      const bytes = Buffer.from(text, 'utf8');
      const file = await this.ctx.files.save(this.actor, {
        kind: 'x12-out',
        billingCompanyId: bc,
        source: bytes,
        tx,
        name: fileName(account.file_name_pattern, {
          submitter: account.submitter_id,
          control,
          date: now,
          batch: String(batch.code),
        }),
      });
      const updated = await this.store.applyUpdate(
        tx,
        batch,
        { control_number: control, file_id: file.id, send_state: 'prepared' },
        'updated',
      );
      return { done: null, send: { batch: updated, bc, account, fileId: file.id, kind } };
    });
    if (!step.send) return { done: step.done, send: null };
    const file = await this.ctx.files.get(this.actor, step.send.fileId);
    return { done: null, send: { ...step.send, file, bytes: await this.ctx.files.read(file) } };
  }

  /** The manual path (a paper batch mailed, a file uploaded by hand): every claim and the batch become Submitted. */
  async confirmShipping(id: number): Promise<Row> {
    return this.ctx.db.transaction(async (tx) => {
      const batch = await this.store.get(id, tx, true);
      if (Number(batch.status_id) !== CLAIM_BATCH_STATUS.NOT_SUBMITTED)
        throw invalid({ status_id: [problem('batch_sent_cannot_changed')] });
      if (batch.send_state === 'sending') throw invalid({ status_id: [problem('batch_being_sent_changed_once_send')] });
      const bc = Number(batch.billing_company_id);
      await this.checkedClaims(tx, bc, batch, id);
      const claimIds = batch.claim_ids as number[];
      await moveClaims(tx, this.actor, {
        claimEntity: this.claimEntity,
        billingCompanyId: bc,
        from: CLAIM_STATUS.NOT_SUBMITTED,
        to: CLAIM_STATUS.SUBMITTED,
        moves: claimIds.map((c) => ({ id: c, note: historyNote('shipped', { batch: String(batch.code) }) })),
      });
      await markRefilesTransmitted(tx, claimIds);
      return this.store.transition(id, CLAIM_BATCH_STATUS.SUBMITTED, {
        tx,
        system: true,
        note: historyNote('batchShipped'),
        locked: batch,
        also: { shipping_date: nowOf(this.ctx.db).toISOString(), send_state: null },
      });
    });
  }

  /** The billing company a new record belongs to: a Super User names it; others get their own (the store's one rule). */
  private ownerOf(values: Fields): number {
    return Number(this.store.ownerFor(values));
  }
}
