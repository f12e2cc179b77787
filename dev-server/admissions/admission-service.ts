import { dischargedNote, historyNote } from '../../src/domain/history-notes.ts';
import {
  admissionRules,
  DISCHARGE_NEEDS,
  dischargeMissing,
  lengthOfStay,
} from '../../src/domain/admissions/admission-rules.ts';
import { typeOfBillForStay } from '../../src/domain/admissions/type-of-bill.ts';
import {
  DomainError,
  invalid,
  invalidTexts,
  problem,
  ruleText,
  textProblems,
  type FieldProblem,
} from '../../src/domain/errors/domain-error.ts';
import { errorStatus } from '../../src/domain/errors/error-catalogue.ts';
import { isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { ADMISSION_STATUS, CLAIM_FORMAT } from '../../src/generated/ids.ts';
import type { Entity } from '../../src/platform/entity.ts';
import { ClaimService } from '../claims/claim-service.ts';
import { writeAudit, writeAuditMany } from '../db/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { ResourceStore, type Row } from '../resources/resource-store.ts';
import type { StoredRow } from '../resources/store-of.ts';
import { storeOf } from '../resources/store-of.ts';
import { entityWriter } from '../resources/validation.ts';
import type { Actor } from '../security/actor.ts';
import { occupants, recountRooms, type Room } from './rooms.ts';

type Fields = Record<string, unknown>;

/** The admission's policies with their numbers, read from the policies named (an unknown one is left for the stored checks). */
async function policyNumbers(tx: Queryable, owner: number, policies: unknown): Promise<Fields[] | undefined> {
  if (!Array.isArray(policies)) return undefined;
  const ids = policies.map((p) => Number((p as Fields)?.insurance_policy_id)).filter((n) => Number.isSafeInteger(n));
  const numbers = new Map(
    (
      await tx.query<{ id: string; policy_number: string }>(
        'select id, policy_number from insurance_policies where billing_company_id = $1 and id = any($2::bigint[])',
        [owner, ids],
      )
    ).rows.map((r) => [Number(r.id), r.policy_number]),
  );
  return policies.map((p) => {
    const { policy_number: _old, ...rest } = (p ?? {}) as Fields;
    const n = numbers.get(Number(rest.insurance_policy_id));
    return n ? { ...rest, policy_number: n } : rest;
  });
}

/** The fields a discharge brings (the discharge window gathers them); the rest of the admission is edited in its form. */
const DISCHARGE_FIELDS = [
  'discharge_date',
  'discharge_hour',
  'admission_hour',
  'statement_from',
  'statement_through',
  'admission_type',
  'admission_source',
  'patient_status',
  'discharge_info',
] as const;

/**
 * Admissions (document 3 "Admission"): a patient in a program, a unit and a room, with the stay's
 * dates, policies, diagnoses and services. Saving checks the rules of document 3 §5 and what needs
 * other rows (the patient's policies in force, the room's capacity under a lock on its unit); a
 * discharge needs everything the UB-04 will; a discharged admission becomes an institutional claim.
 */
export class AdmissionService {
  readonly entity: Entity;
  readonly store: ResourceStore<StoredRow<'admission'>>;
  readonly notes: ResourceStore<StoredRow<'admission-note'>>;

  constructor(
    private ctx: { db: Database; entities: Entity[] },
    private actor: Actor,
  ) {
    this.entity = ctx.entities.find((e) => e.name === 'admission')!;
    this.store = new ResourceStore<StoredRow<'admission'>>(ctx.db, this.entity, actor);
    this.notes = storeOf(ctx, actor, 'admission-note');
  }

  async save(body: Fields, opts: { id?: number; version?: number; locale: Locale }): Promise<Row> {
    const w = entityWriter(this.entity);
    const values = w.writable(body);
    return this.ctx.db.transaction(async (tx) => {
      const before = opts.id !== undefined ? await this.store.get(opts.id, tx, true) : null;
      if (before && Number(before.status_id) === ADMISSION_STATUS.BILLED)
        throw invalid({ status_id: [problem('billed_admission_cannot_changed')] });
      const record = { ...(before ? w.writable(before) : {}), ...values };
      const owner = before ? Number(before.billing_company_id) : Number(this.store.ownerFor(values));
      // The policies' numbers first: the authorization rule names the policy it refuses.
      record.policies = await policyNumbers(tx, owner, record.policies);
      // The rules see the stay as stored (its discharge, set only by a discharge) with the edits.
      const errors = w.problems(record, opts.locale);
      for (const [f, ms] of Object.entries(
        admissionRules({ ...record, discharge_date: before?.discharge_date, discharge_hour: before?.discharge_hour }),
      ))
        errors[f] = [...new Set([...(errors[f] ?? []), ...ms])];
      if (Object.keys(errors).length) throw invalidTexts(errors);
      const derived = await this.storedChecks({ tx, owner, record, before });
      const los = lengthOfStay({ ...record, discharge_date: before?.discharge_date });
      let row: Row;
      if (!before) {
        row = await this.store.create(
          { ...values, ...derived, los, billing_company_id: owner },
          {
            tx,
            within: async (t, r) => {
              const code = `ADM-${String(r.id).padStart(6, '0')}`;
              await t.query('update admissions set code = $2 where id = $1', [r.id, code]);
              return { code };
            },
          },
        );
      } else {
        row = await this.store.update(
          before.id,
          { ...values, ...derived, los },
          { tx, version: opts.version, requireVersion: true },
        );
      }
      await recountRooms(tx, [before?.unit_id as number | undefined, row.unit_id as number | undefined]);
      return this.store.get(row.id, tx);
    });
  }

  /** What needs other rows: the patient (for the name), the program, the unit and room with their capacity, the policies. */
  private async storedChecks({
    tx,
    owner,
    record,
    before,
  }: {
    tx: Queryable;
    owner: number;
    record: Fields;
    before: Row | null;
  }): Promise<Fields> {
    const errors: Record<string, FieldProblem[]> = {};
    const add = (f: string, p: FieldProblem) => (errors[f] ??= []).push(p);
    const patient = (
      await tx.query<{ first_name: string; last_name: string }>(
        'select first_name, last_name from patients where id = $1 and billing_company_id = $2',
        [record.patient_id, owner],
      )
    ).rows[0];
    if (!patient) add('patient_id', problem('not_found'));
    const company = (
      await tx.query<{ programs: string[] | null }>(
        'select programs from companies where id = $1 and billing_company_id = $2',
        [record.company_id, owner],
      )
    ).rows[0];
    if (!company) add('company_id', problem('not_found'));
    else if (company.programs?.length && !company.programs.includes(String(record.program)))
      add('program', problem('program_not_offered'));
    if (record.unit_id) {
      // The unit is locked: two people cannot put the last bed's patient in at once.
      const unit = (
        await tx.query<{ company_id: string; rooms: Room[] | null }>(
          'select company_id, rooms from units where id = $1 and billing_company_id = $2 for update',
          [record.unit_id, owner],
        )
      ).rows[0];
      if (!unit) add('unit_id', problem('not_found'));
      else if (Number(unit.company_id) !== Number(record.company_id)) add('unit_id', problem('unit_of_other_company'));
      else if (record.room) {
        const room = (unit.rooms ?? []).find((r) => r.code === record.room);
        const open = before ? Number(before.status_id) === ADMISSION_STATUS.ADMITTED : true;
        if (!room) add('room', problem('room_not_in_unit', { room: String(record.room) }));
        else if (
          open &&
          (await occupants(tx, Number(record.unit_id), room.code, before?.id ?? 0)) >= Number(room.capacity)
        )
          add('room', problem('room_full'));
      }
    } else if (record.room) add('unit_id', problem('no_units_rooms_registered_company'));
    const policies = (record.policies as Fields[] | undefined) ?? [];
    const found = new Map(
      (
        await tx.query<{
          id: string;
          policy_number: string;
          patient_id: string;
          eff_date: string | null;
          end_date: string | null;
        }>(
          `select id, policy_number, patient_id, eff_date::text, end_date::text from insurance_policies where billing_company_id = $1 and id = any($2::bigint[])`,
          [owner, policies.map((p) => Number(p.insurance_policy_id))],
        )
      ).rows.map((p) => [Number(p.id), p]),
    );
    const admitted =
      typeof record.admission_date === 'string' && isUsDate(record.admission_date)
        ? usDateToIso(record.admission_date)
        : null;
    const withNumbers = policies.map((p, i) => {
      const pol = found.get(Number(p.insurance_policy_id));
      if (!pol || Number(pol.patient_id) !== Number(record.patient_id)) {
        add(`policies.${i}.insurance_policy_id`, problem('policy_not_patients'));
        return p;
      }
      if (admitted && ((pol.eff_date && pol.eff_date > admitted) || (pol.end_date && pol.end_date < admitted))) {
        add(
          `policies.${i}.insurance_policy_id`,
          problem('policy_not_in_force_on', {
            policy_number: pol.policy_number,
            date: String(record.admission_date),
          }),
        );
      }
      return { ...p, policy_number: pol.policy_number };
    });
    if (Object.keys(errors).length) throw invalid(errors);
    return { policies: withNumbers, patient_name: patient ? `${patient.first_name} ${patient.last_name}` : undefined };
  }

  /**
   * Discharges: the fields the discharge window gathered are merged, every rule runs, and every item
   * of the checklist must be there (422 lists each missing one). The room is freed and a system note
   * says when the patient left.
   */
  async discharge(id: number, body: Fields, locale: Locale): Promise<Row> {
    return this.ctx.db.transaction(async (tx) => {
      const before = await this.store.get(id, tx, true);
      if (Number(before.status_id) !== ADMISSION_STATUS.ADMITTED)
        throw invalid({ status_id: [problem('admission_cannot_discharged_yet')] });
      const w = entityWriter(this.entity);
      const given = Object.fromEntries(
        DISCHARGE_FIELDS.filter((f) => body[f] !== undefined && body[f] !== '').map((f) => [f, body[f]]),
      );
      const record = { ...w.writable(before), ...given };
      const { discharge_date: _d, discharge_hour: _h, ...checkable } = record;
      const errors = textProblems(w.problems(checkable, locale));
      if (
        given.discharge_date !== undefined &&
        (typeof given.discharge_date !== 'string' || !isUsDate(given.discharge_date))
      )
        (errors.discharge_date ??= []).push(problem('discharge_date_invalid'));
      if (
        given.discharge_hour !== undefined &&
        !(
          Number.isInteger(given.discharge_hour) &&
          Number(given.discharge_hour) >= 0 &&
          Number(given.discharge_hour) <= 23
        )
      )
        (errors.discharge_hour ??= []).push(problem('discharge_hour_range'));
      // The shared rules' sentences (the discharge window checks them too), each once per field.
      for (const [f, ms] of Object.entries(admissionRules(record))) {
        const seen = new Set((errors[f] ?? []).map((p) => p.params?.text));
        for (const m of ms) if (!seen.has(m)) (errors[f] ??= []).push(ruleText(m));
      }
      for (const k of dischargeMissing(record)) (errors[k] ??= []).push(ruleText(DISCHARGE_NEEDS[k]));
      if (Object.keys(errors).length) throw invalid(errors, 'admission_cannot_discharged_yet');
      const after = await this.store.applyUpdate(tx, before, { ...given, los: lengthOfStay(record) }, 'updated');
      const note = dischargedNote(String(record.discharge_date), Number(record.discharge_hour));
      await this.notes.create(
        {
          admission_id: id,
          kind: 'system',
          note,
          billing_company_id: after.billing_company_id,
          user_id: this.actor.system ? undefined : this.actor.userId,
        },
        { tx },
      );
      const done = await this.store.transition(id, ADMISSION_STATUS.DISCHARGED, {
        tx,
        system: true,
        note,
      });
      await recountRooms(tx, [done.unit_id as number | undefined]);
      return done;
    });
  }

  /** Undoes a discharge (a reason is required): the patient is back in the room, if the room still has a bed. */
  async undischarge(id: number, note: string | undefined): Promise<Row> {
    return this.ctx.db.transaction(async (tx) => {
      const before = await this.store.get(id, tx, true);
      if (before.unit_id && before.room) {
        const unit = (
          await tx.query<{ rooms: Room[] | null }>('select rooms from units where id = $1 for update', [before.unit_id])
        ).rows[0];
        const room = (unit?.rooms ?? []).find((r) => r.code === before.room);
        if (room && (await occupants(tx, Number(before.unit_id), room.code, id)) >= Number(room.capacity))
          throw invalid({ room: [problem('room_full')] });
      }
      const back = await this.store.transition(id, ADMISSION_STATUS.ADMITTED, { tx, note });
      const after = await this.store.applyUpdate(
        tx,
        back,
        { discharge_date: null, discharge_hour: null, los: lengthOfStay({ ...back, discharge_date: undefined }) },
        'updated',
      );
      await recountRooms(tx, [after.unit_id as number | undefined]);
      return after;
    });
  }

  /** Deletes an admission not yet billed, with its notes; its room is freed. */
  async remove(id: number, version: number | undefined): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const before = await this.store.get(id, tx, true);
      if (Number(before.status_id) === ADMISSION_STATUS.BILLED)
        throw invalid({ status_id: [problem('billed_admission_cannot_changed')] });
      const gone = (
        await tx.query<{ id: string }>('delete from admission_notes where admission_id = $1 returning id', [id])
      ).rows;
      await writeAuditMany(tx, this.actor, {
        entity: 'admission-note',
        event: 'deleted',
        rows: gone.map((n) => ({
          entityId: Number(n.id),
          billingCompanyId: Number(before.billing_company_id),
          oldValues: { admission_id: id },
          newValues: null,
        })),
      });
      await this.store.remove(id, { tx, version });
      await recountRooms(tx, [before.unit_id as number | undefined]);
    });
  }

  /** The institutional claim an admission becomes (also what /claim/admission/{id} offers to prefill a claim). */
  async claimBody(tx: Queryable, a: Row): Promise<Fields> {
    const facility = a.facility_id
      ? (
          await tx.query<{ bill_classification_ids: number[] | null }>(
            'select bill_classification_ids from facilities where id = $1',
            [a.facility_id],
          )
        ).rows[0]
      : undefined;
    // Type of bill from the stay (its program) and the facility's kind: an inpatient stay is never a clinic's 073x.
    const typeOfBill = typeOfBillForStay(a.program as string | undefined, facility?.bill_classification_ids?.[0]);
    const policies = (a.policies as Fields[] | undefined) ?? [];
    return {
      billing_company_id: a.billing_company_id,
      format_id: CLAIM_FORMAT.INSTITUTIONAL,
      patient_id: a.patient_id,
      company_id: a.company_id,
      facility_id: a.facility_id,
      attending_provider_id: a.attending_provider_id,
      insurance_policy_ids: policies.map((p) => Number(p.insurance_policy_id)),
      ...(policies[0]?.authorization_number ? { prior_authorization: policies[0].authorization_number } : {}),
      type_of_bill: typeOfBill,
      admission_date: a.admission_date,
      admission_hour: a.admission_hour,
      discharge_date: a.discharge_date,
      discharge_hour: a.discharge_hour,
      statement_from: a.statement_from,
      statement_through: a.statement_through,
      admission_type: a.admission_type,
      admission_source: a.admission_source,
      patient_status: a.patient_status,
      diagnoses: a.diagnoses ?? [],
      ...(a.admitting_diagnosis ? { admitting_diagnosis: a.admitting_diagnosis } : {}),
      accept_assignment: a.signed_assignment !== 'N',
      outside_lab: a.outside_lab === true,
      ...(a.outside_lab ? { outside_lab_charge: a.outside_lab_charge } : {}),
      services: ((a.services as Fields[] | undefined) ?? []).map((s) => ({
        from_service: s.from_service,
        to_service: s.to_service ?? s.from_service,
        revenue_code: s.revenue_code,
        ...(s.procedure_code ? { procedure_code: s.procedure_code } : {}),
        modifiers: s.modifiers ?? [],
        days_or_units: s.days_or_units,
        price: s.price,
      })),
    };
  }

  /**
   * Transfer to billing: the discharged admission becomes an institutional claim that must pass the
   * claims' verification (422 with every finding, nothing written, when it does not). Both are linked
   * and the admission is Billed, in one transaction.
   */
  async transferToBilling(id: number, locale: Locale): Promise<{ admission: Row; claim: Row }> {
    return this.ctx.db.transaction(async (tx) => {
      const before = await this.store.get(id, tx, true);
      if (Number(before.status_id) !== ADMISSION_STATUS.DISCHARGED)
        throw invalid({ status_id: [problem('only_discharged_admission_transferred_billing')] });
      let claim: Row;
      try {
        claim = await new ClaimService(this.ctx, this.actor).save(await this.claimBody(tx, before), {
          locale,
          verify: true,
          tx,
          note: historyNote('transferredFrom', { admission: String(before.code) }),
        });
      } catch (e) {
        if (e instanceof DomainError && errorStatus(e) === 422)
          throw new DomainError('claim_made_from_admission_did_not', {}, e.fields);
        throw e;
      }
      await tx.query('update claims set admission_id = $2 where id = $1', [claim.id, id]);
      await writeAudit(tx, this.actor, {
        entity: 'claim',
        entityId: claim.id,
        billingCompanyId: Number(claim.billing_company_id),
        event: 'updated',
        oldValues: { admission_id: null },
        newValues: { admission_id: id },
      });
      const linked = await this.store.applyUpdate(tx, before, { claim_id: claim.id }, 'updated');
      const admission = await this.store.transition(linked.id, ADMISSION_STATUS.BILLED, {
        tx,
        system: true,
        note: historyNote('claimMade', { claim: String(claim.code) }),
      });
      return { admission, claim: { ...claim, admission_id: id } };
    });
  }
}
