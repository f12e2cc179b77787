import type { Response } from 'express';
import { json, record, idNames, file, type Shape } from '../http/answers.ts';
import { invalid, problem } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateOf, usDateToIso } from '../../src/domain/formats.ts';
import { bodyObject, idParam, type GuardedRoute } from '../http/guarded-routes.ts';
import type { EraContext } from '../payments/era-files.ts';
import { storeOf } from '../resources/store-of.ts';
import type { Actor } from '../security/actor.ts';
import { patientBalances } from './ledger-balances.ts';
import { recordLedgerEntry } from './ledger-entries.ts';
import { patientClaimChoices, searchLedger } from './ledger-search.ts';
import { patientLedger } from './ledger-transactions.ts';
import { recordStatements, statementFor } from './patient-statement.ts';
import { statementsPdf } from './statement-pdf.ts';
import { RUN_LIMIT, statementRun } from './statement-run.ts';

/** A statement run prints at most this many statements in one document. */

const patientOf = (ctx: EraContext, actor: Actor, id: number) => storeOf(ctx, actor, 'patient').get(id);

function statementDate(v: unknown): string {
  if (v === undefined || v === '') return usDateOf();
  if (typeof v !== 'string' || !isUsDate(v)) throw invalid({ statement_date: [problem('date_mm_dd_yyyy')] });
  return v;
}

function sendPdf(res: Response, name: string, bytes: ArrayBuffer, count: number) {
  res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${name}.pdf"`);
  res.setHeader('X-Statements', String(count));
  res.send(Buffer.from(bytes));
}

/** The ledger's calls at static paths (mounted before the generic router's /ledger/entries/{id}). */
/** A patient found for the ledger, with what the insurance and the patient still owe. */
const LEDGER_PATIENT = {
  id: 'integer',
  name: 'string',
  medical_number: 'string?',
  date_of_birth: 'string',
  billing_company_id: 'integer',
  insurance_balance: 'integer',
  patient_balance: 'integer',
  balance: 'integer',
} satisfies Shape;

export const ledgerLookupRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/ledger/filter',
    answers: json({
      data: [LEDGER_PATIENT],
      count: 'integer',
      numberOfPages: 'integer',
    }),
    permission: 'ledger.view',
    summary:
      'Patients whose ledger to open: ?claim_number, ?company_ids, ?dob, ?first_name, ?last_name, ?ssn, ?medical_number, ?patient_number, ?health_professional_ids, ?insurance_plans_ids, ?start_date/?end_date, ?query (3+ characters), ?with_balance; at least one (422 otherwise); paged, each with its insurance and patient balances',
    async handle(ctx, req, actor) {
      return searchLedger(ctx.db, actor, req.query as Record<string, unknown>);
    },
  },
  {
    method: 'get',
    path: '/ledger/search',
    answers: json({
      data: [LEDGER_PATIENT],
      count: 'integer',
      numberOfPages: 'integer',
    }),
    limit: 'phi_search',
    permission: 'ledger.view',
    summary: "The same as /ledger/filter (the predecessor's path)",
    async handle(ctx, req, actor) {
      return searchLedger(ctx.db, actor, req.query as Record<string, unknown>);
    },
  },
  {
    method: 'get',
    path: '/ledger/claims-of-patient',
    answers: json(idNames),
    permission: 'ledger.view',
    summary: "A patient's claims as picker names (?patient_id) [{id, name}]",
    handle: async (ctx, req, actor) =>
      patientClaimChoices(ctx.db, Number((await patientOf(ctx, actor, Number(req.query.patient_id))).id)),
  },
  {
    method: 'post',
    path: '/ledger/entries',
    answers: json(record('ledger_entry')),
    permission: ['ledger.writeoff', 'ledger.refund'],
    status: 201,
    summary:
      "A write-off (ledger.writeoff) or a refund (ledger.refund) on a patient's account: {patient_id, claim_id?, kind: write_off|refund, responsibility: insurance|patient, amount (cents), entry_date, reason, note}; never changed afterwards",
    async handle(ctx, req, actor, res) {
      return recordLedgerEntry(ctx, actor, bodyObject(req), res.locals.locale);
    },
  },
  {
    method: 'post',
    path: '/ledger/statements/run',
    answers: file(['application/pdf']),
    stepUp: true,
    limit: 'export',
    permission: 'ledger.statement',
    raw: true,
    summary: `Statements for every patient who owes (or those of {patient_ids}), as one PDF (a page each, at most ${RUN_LIMIT}); {statement_date?, billing_company_id?, preview?: true prints without recording}; X-Statements says how many`,
    async handle(ctx, req, actor, res) {
      const body = bodyObject(req);
      const date = statementDate(body.statement_date);
      const statements = await statementRun(ctx.db, actor, body, date);
      sendPdf(res, `statements-${usDateToIso(date)}`, statementsPdf(statements), statements.length);
    },
  },
];

/** A patient's ledger, claims and statement (after the generic router: /ledger/{id} must not take /ledger/entries). */
export const ledgerRoutes: GuardedRoute<EraContext>[] = [
  {
    method: 'get',
    path: '/ledger/{id}',
    answers: json({
      patient: {
        id: 'integer',
        name: 'string',
        date_of_birth: 'string',
        medical_number: 'string?',
        billing_company_id: 'integer',
      },
      totals: {
        patient_id: 'integer',
        charges: 'integer',
        insurance_paid: 'integer',
        adjustments: 'integer',
        patient_responsibility: 'integer',
        patient_paid: 'integer',
        write_offs: 'integer',
        refunds: 'integer',
        insurance_balance: 'integer',
        patient_balance: 'integer',
        balance: 'integer',
      },
      transactions: [
        {
          claim_id: 'integer?',
          claim_code: 'string?',
          status_id: 'integer?',
          payment_id: 'integer?',
          payment_batch_id: 'integer?',
          entry_id: 'integer?',
          insurance: 'integer',
          patient: 'integer',
          type: 'string',
          description: 'string',
          date: 'string',
          insurance_balance: 'integer',
          patient_balance: 'integer',
          balance: 'integer',
        },
      ],
    }),
    permission: 'ledger.view',
    summary:
      "A patient's account: every transaction in date order (claim, charge, payment, adjustment, patient responsibility, write-off, refund, refile, statement) with running insurance and patient balances, and the totals",
    async handle(ctx, req, actor, res) {
      const patients = storeOf(ctx, actor, 'patient');
      const patient = await patients.get(idParam(req));
      await patients.recordRead(patient, 'ledger');
      const id = Number(patient.id);
      const [transactions, balances] = await Promise.all([
        patientLedger(ctx.db, id, res.locals.locale),
        patientBalances(ctx.db, [id]),
      ]);
      return {
        patient: {
          id,
          name: `${String(patient.last_name)}, ${String(patient.first_name)}`,
          date_of_birth: patient.date_of_birth ?? null,
          medical_number: patient.med_num ?? null,
          billing_company_id: Number(patient.billing_company_id),
        },
        totals: balances.get(id),
        transactions,
      };
    },
  },
  {
    method: 'get',
    path: '/ledger/{id}/claims',
    answers: json([
      {
        id: 'integer',
        code: 'string',
        status_id: 'integer',
        date_of_service: 'string',
        billed: 'integer',
        paid: 'integer',
        insurance_balance: 'integer',
        patient_balance: 'integer',
      },
    ]),
    permission: 'ledger.view',
    summary: "A patient's claims: status, billed, paid, and what each still owes by insurance and patient",
    async handle(ctx, req, actor) {
      const patient = await patientOf(ctx, actor, idParam(req));
      const rows = await patientLedger(ctx.db, Number(patient.id));
      const claims = new Map<
        number,
        {
          id: number;
          code: string;
          status_id: number | null;
          date_of_service: string;
          billed: number;
          paid: number;
          insurance_balance: number;
          patient_balance: number;
        }
      >();
      for (const r of rows) {
        if (r.claim_id === null) continue;
        const c = claims.get(r.claim_id) ?? {
          id: r.claim_id,
          code: r.claim_code ?? '',
          status_id: r.status_id,
          date_of_service: r.date,
          billed: 0,
          paid: 0,
          insurance_balance: 0,
          patient_balance: 0,
        };
        if (r.type === 'charge') c.billed += r.insurance + r.patient;
        if (r.type === 'payment') c.paid += -(r.insurance + r.patient);
        c.insurance_balance += r.insurance;
        c.patient_balance += r.patient;
        claims.set(r.claim_id, c);
      }
      return [...claims.values()];
    },
  },
  {
    method: 'get',
    path: '/ledger/{id}/statement',
    phi: 'recorded',
    answers: file(['application/pdf']),
    permission: 'ledger.statement',
    raw: true,
    summary:
      "A patient's statement as a PDF (open items, aging, amount due, payment coupon) dated ?statement_date (today by default); recorded as the patient's next bill unless ?preview=true",
    async handle(ctx, req, actor, res) {
      const patients = storeOf(ctx, actor, 'patient');
      const patient = await patients.get(idParam(req));
      await patients.recordRead(patient, req.query.preview === 'true' ? 'statement_preview' : 'statement');
      const statement = await statementFor(ctx.db, Number(patient.id), statementDate(req.query.statement_date));
      if (req.query.preview !== 'true') await recordStatements(ctx.db, actor, [statement]);
      sendPdf(res, `statement-${statement.account}`, statementsPdf([statement]), 1);
    },
  },
];
