import type { Database, Queryable } from '../db/database.ts';
import type { Actor } from '../security/actor.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Locale } from '../i18n/locale.ts';
import type { Claim837I, Claim837P } from '../../src/domain/x12/claim-837-model.ts';
import { ResourceStore } from '../resources/resource-store.ts';
import { ClaimService, DELETABLE, EDITABLE } from '../claims/claim-service.ts';
import { idOfCode } from '../claims/claim-code-lists.ts';
import { invalidTexts, textProblems, type FieldProblem } from '../../src/domain/errors/domain-error.ts';
import { attempt } from '../db/attempt.ts';
import { entityWriter } from '../resources/validation.ts';
import {
  institutionalClaimOf837,
  professionalClaimOf837,
  type IntakeIds,
} from '../../src/domain/claims/claim-from-837.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';
import { historyNote } from '../../src/domain/history-notes.ts';
import { patientOf, type IntakeMatch } from './claim-intake-match.ts';
import type { PreviewedClaim } from './claim-file-preview.ts';

type Row = Record<string, unknown>;
type Read = Claim837P | Claim837I;

/** What became of one claim of the file. */
export interface Made {
  outcome: 'imported' | 'draft' | 'replaced' | 'voided' | 'waiting';
  claimId: number | null;
  patientId: number | null;
  /** what the product refused of the claim made (its editor shows the same) */
  refused: Record<string, FieldProblem[]>;
}

const us = (d: string | undefined) => (d ? String(isoToUsDate(d)) : undefined);

/**
 * Makes the claims of a practice's file that can be made, inside the import's transaction: the patient and policy a
 * claim names are made when this billing company does not have them yet (once per person for the whole file), the
 * claim is written through the claim service — verified and Not submitted when it passes every rule, else kept as a
 * draft with what stops it, to be fixed in the claim editor — and a correction (frequency 7) or void (8) of a claim we
 * hold replaces or removes it while it has not gone out, or goes out as the payer's correction when it has.
 */
export class ClaimMaker {
  private readonly claims: ClaimService;
  private readonly patients: ResourceStore;
  private readonly policies: ResourceStore;
  private readonly plans: ResourceStore;
  /** people and policies made earlier in this file: a family's five visits make one patient */
  private readonly madePatients = new Map<string, number>();
  private readonly madePolicies = new Map<string, number>();
  private readonly madePlans = new Map<number, number>();
  /** each claim's history says which file it came from */
  private readonly note: string;

  constructor(
    db: Database,
    private readonly tx: Queryable,
    entities: Entity[],
    actor: Actor,
    private readonly locale: Locale,
    fileName: string,
  ) {
    const entity = (n: string) => entities.find((e) => e.name === n)!;
    this.claims = new ClaimService({ db, entities }, actor);
    this.patients = new ResourceStore(db, entity('patient'), actor);
    this.policies = new ResourceStore(db, entity('insurance-policy'), actor);
    this.plans = new ResourceStore(db, entity('insurance-plan'), actor);
    this.note = historyNote('importedFromFile', { file: fileName });
  }

  /** One claim made (or replaced, or voided): every write of it undone together when it cannot be made at all. */
  async make(p: PreviewedClaim, claim: Read, bc: number): Promise<Made> {
    const r = await attempt(this.tx, () => this.write(p, claim, bc));
    return 'done' in r
      ? r.done
      : { outcome: 'waiting', claimId: null, patientId: p.matches.patient?.id ?? null, refused: r.refused };
  }

  private async write(p: PreviewedClaim, claim: Read, bc: number): Promise<Made> {
    const m = p.matches;
    const held = m.held;
    // A void of a claim that never went out: the claim is simply not billed.
    if (held && claim.frequency === '8' && DELETABLE.has(held.status_id)) {
      const stored = await this.claims.read(held.id, this.tx, true);
      await this.tx.query(
        'update claim_file_claims set claim_id = null where billing_company_id = $1 and claim_id = $2',
        [bc, held.id],
      );
      await this.claims.remove(held.id, Number(stored.version), this.tx);
      return { outcome: 'voided', claimId: null, patientId: m.patient?.id ?? null, refused: {} };
    }
    const body = await this.bodyOf(p, claim, bc);
    const patientId = Number(body.patient_id);
    // A correction of a claim still here to be changed is that claim, changed; one that went out is sent as a correction.
    const replacing = held && claim.frequency === '7' && EDITABLE.has(held.status_id) ? held : undefined;
    const target = replacing
      ? { id: replacing.id, version: Number((await this.claims.read(replacing.id, this.tx, true)).version) }
      : {};
    const save = (draft: boolean) =>
      this.claims.save(draft ? { ...body, draft: true } : body, {
        ...target,
        locale: this.locale,
        verify: !draft,
        note: this.note,
        tx: this.tx,
      });
    const done = (outcome: Made['outcome'], saved: Row, refused: Record<string, FieldProblem[]> = {}): Made => ({
      outcome: replacing ? 'replaced' : outcome,
      claimId: Number(saved.id),
      patientId,
      refused,
    });
    if (p.outcome === 'fix') return done('draft', await save(true));
    const verified = await attempt(this.tx, () => save(false));
    // What the product's own rules refuse waits in the editor as a draft, with the same findings.
    return 'done' in verified ? done('imported', verified.done) : done('draft', await save(true), verified.refused);
  }

  /** The claim as the claim service takes it, with the patient and policy it names made when they are not here yet. */
  private async bodyOf(p: PreviewedClaim, claim: Read, bc: number): Promise<Row> {
    const m = p.matches;
    const patientId = m.patient?.id ?? (await this.makePatient(claim, bc));
    const policyId = m.policyId ?? (await this.makePolicy(claim, m, patientId, bc));
    // The other coverages the file discloses, with payers this billing company has: the patient's policies there.
    const others: number[] = [];
    for (const [i, o] of (claim.otherPayers ?? []).entries()) {
      const found = m.others[i];
      if (found?.payer) others.push(found.policyId ?? (await this.makeOtherPolicy(claim, o, found, patientId, bc)));
    }
    const ids: IntakeIds = {
      patient_id: patientId,
      company_id: m.company!.id,
      insurance_policy_id: policyId,
      ...(others.length ? { other_policy_ids: others } : {}),
      ...(m.facility ? { facility_id: m.facility.id } : {}),
      ...(m.billingProvider ? { billing_provider_id: m.billingProvider.id } : {}),
      ...(m.rendering ? { attending_provider_id: m.rendering.id } : {}),
      ...(m.referring ? { referring_provider_id: m.referring.id } : {}),
      ...(m.supervising ? { supervising_provider_id: m.supervising.id } : {}),
    };
    const body =
      p.form === 'institutional'
        ? institutionalClaimOf837(claim as Claim837I, ids)
        : professionalClaimOf837(claim as Claim837P, ids);
    return { ...body, billing_company_id: bc };
  }

  /**
   * Many claims of the file made at once: the new, clean ones judged and written together (ClaimService.createMany);
   * a correction, a void, a claim with findings, or one the product's rules refuse, one at a time as make does.
   */
  async makeMany(items: Array<{ p: PreviewedClaim; claim: Read }>, bc: number): Promise<Made[]> {
    const out: Made[] = new Array(items.length);
    const together: Array<{ at: number; body: Row }> = [];
    for (const [at, { p, claim }] of items.entries()) {
      if (p.outcome !== 'ready' || p.matches.held) {
        out[at] = await this.make(p, claim, bc);
        continue;
      }
      const parties = await attempt(this.tx, () => this.bodyOf(p, claim, bc));
      if ('done' in parties) together.push({ at, body: parties.done });
      else
        out[at] = {
          outcome: 'waiting',
          claimId: null,
          patientId: p.matches.patient?.id ?? null,
          refused: parties.refused,
        };
    }
    const made = await this.claims.createMany(
      together.map((t) => t.body),
      { locale: this.locale, note: this.note, tx: this.tx },
    );
    for (const [k, { at, body }] of together.entries()) {
      const r = made[k];
      const patientId = Number(body.patient_id);
      if ('id' in r) {
        out[at] = { outcome: 'imported', claimId: r.id, patientId, refused: {} };
        continue;
      }
      // What the product's own rules refuse waits in the editor as a draft, with the same findings; a claim the
      // product cannot hold even as a draft waits in the file with them.
      const refused = textProblems(r.errors);
      const draft = await attempt(this.tx, () =>
        this.claims.save({ ...body, draft: true }, { locale: this.locale, note: this.note, tx: this.tx }),
      );
      out[at] =
        'done' in draft
          ? { outcome: 'draft', claimId: Number(draft.done.id), patientId, refused }
          : { outcome: 'waiting', claimId: null, patientId, refused };
    }
    return out;
  }

  /** A record the file names made as its own screen would make it: refused, with its findings, when the file lacks what it needs. */
  private async created(store: ResourceStore, values: Row): Promise<{ id: number }> {
    const w = entityWriter(store.entity);
    const problems = w.problems(w.writable(values), this.locale);
    if (Object.keys(problems).length) throw invalidTexts(problems);
    return store.create(values, { tx: this.tx });
  }

  /** The patient the claim is for, as the file names them; one person once, however many of their claims the file has. */
  private async makePatient(claim: Read, bc: number): Promise<number> {
    const who = patientOf(claim);
    const key = `${who.party.name}|${who.party.firstName ?? ''}|${who.dateOfBirth ?? ''}`;
    const known = this.madePatients.get(key);
    if (known) return known;
    const a = who.address;
    const made = await this.created(this.patients, {
      billing_company_id: bc,
      first_name: who.party.firstName ?? '',
      last_name: who.party.name,
      date_of_birth: us(who.dateOfBirth),
      ...(who.sex ? { sex: who.sex } : {}),
      ...(a?.line1
        ? {
            addresses: [
              {
                address: a.line1,
                city: a.city,
                state: a.state,
                zip: a.zip,
                ...(a.line2 ? { apt_suite: a.line2 } : {}),
              },
            ],
          }
        : {}),
    });
    this.madePatients.set(key, made.id);
    return made.id;
  }

  /** The policy the claim bills: the member id at the payer, from the claim's first day, with its subscriber when not the patient. */
  private makePolicy(claim: Read, m: IntakeMatch, patientId: number, bc: number): Promise<number> {
    const s = claim.subscriber;
    return this.makeCoverage(
      {
        memberId: s.memberId,
        groupNumber: s.groupNumber,
        responsibility: s.responsibility,
        subscriber: s.party,
        dateOfBirth: s.dateOfBirth,
        sex: s.sex,
        relationship: claim.patient ? claim.patient.relationship : '18',
        benefitsAssigned: claim.benefitsAssigned !== false,
        payer: m.payer!,
        planId: m.planId,
      },
      claim,
      patientId,
      bc,
    );
  }

  /** Another coverage the claim names (loop 2320/2330), as the patient's policy at that payer. */
  private makeOtherPolicy(
    claim: Read,
    o: NonNullable<Read['otherPayers']>[number],
    m: IntakeMatch['others'][number],
    patientId: number,
    bc: number,
  ): Promise<number> {
    return this.makeCoverage(
      {
        memberId: o.subscriber.memberId,
        groupNumber: o.groupNumber,
        responsibility: o.responsibility,
        subscriber: o.subscriber,
        relationship: o.relationship,
        benefitsAssigned: true,
        payer: m.payer!,
        planId: m.planId,
      },
      claim,
      patientId,
      bc,
    );
  }

  /** A policy of the patient made from what the file says of one coverage; one per member id and payer for the whole file. */
  private async makeCoverage(cov: Coverage, claim: Read, patientId: number, bc: number): Promise<number> {
    const key = `${patientId}|${cov.payer.id}|${cov.memberId}`;
    const known = this.madePolicies.get(key);
    if (known) return known;
    const own = cov.relationship === '18';
    const made = await this.created(this.policies, {
      billing_company_id: bc,
      patient_id: patientId,
      policy_number: cov.memberId,
      ...(cov.groupNumber ? { group_number: cov.groupNumber } : {}),
      insurance_company_id: cov.payer.id,
      insurance_plan_id: cov.planId ?? (await this.makePlan(cov.payer, bc)),
      type_responsibility_id: idOfCode('responsibility-types', cov.responsibility) ?? 1,
      eff_date: us(firstDay(claim)),
      own_insurance: own,
      ...(cov.benefitsAssigned ? {} : { assign_benefits: false }),
      ...(own
        ? {}
        : {
            subscriber: {
              relationship_id: idOfCode('relationships', cov.relationship) ?? idOfCode('relationships', '21'),
              first_name: cov.subscriber.firstName ?? '',
              last_name: cov.subscriber.name,
              ...(cov.dateOfBirth ? { date_of_birth: us(cov.dateOfBirth) } : {}),
              ...(cov.sex && cov.sex !== 'U' ? { sex: cov.sex } : {}),
            },
          }),
    });
    this.madePolicies.set(key, made.id);
    return made.id;
  }

  /** A payer this billing company never billed has no plan yet: one named after the payer holds its policies. */
  private async makePlan(payer: { id: number; name: string }, bc: number): Promise<number> {
    const known = this.madePlans.get(payer.id);
    if (known) return known;
    const made = await this.created(this.plans, {
      billing_company_id: bc,
      insurance_company_id: payer.id,
      name: payer.name.slice(0, 100),
    });
    this.madePlans.set(payer.id, made.id);
    return made.id;
  }
}

/** One coverage as a policy is made from it. */
interface Coverage {
  memberId: string;
  groupNumber?: string;
  responsibility: string;
  subscriber: { name: string; firstName?: string };
  dateOfBirth?: string;
  sex?: string;
  /** the patient's relationship to the subscriber: 18 when the patient is the subscriber */
  relationship: string;
  benefitsAssigned: boolean;
  payer: { id: number; name: string };
  planId?: number;
}

/** The claim's first day of service (its statement's start for a hospital's). */
function firstDay(claim: Read): string | undefined {
  if ('statementFrom' in claim) return claim.statementFrom;
  return claim.lines.map((l) => l.dateOfService).sort()[0];
}
