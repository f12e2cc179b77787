import x12 from 'node-x12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { insuranceCheck } from '../helpers/payment-fixtures.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { read837P } from '../../src/domain/x12/claim-837p-reader.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import { write835 } from '../../src/domain/x12/era-835-writer.ts';
import { toIsoDate } from '../../src/domain/formats.ts';
import type { Batch837 } from '../../src/domain/x12/claim-837-model.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  // The fixture's secondary policy ended in 2024; here it is still in force.
  await app.db.query('update insurance_policies set end_date = null where id = $1', [w.secondary]);
});
afterAll(() => app.close());

const n = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await app.db.query<Record<string, unknown>>(sql, params)).rows[0])[0]);
const envelope = {
  submitter: { name: 'SUN BILLING', id: 'SUB01', contactName: 'ANA', phone: '3055552222' },
  receiver: { name: 'AVAILITY', id: '030240928' },
  interchange: {
    senderId: 'SUB01',
    receiverId: '030240928',
    control: 8,
    usage: 'T' as const,
    date: new Date('2026-04-10T12:00:00Z'),
  },
};

/** A claim billed to the primary and the secondary, sent, and paid by the primary: 125.00 + 15.00, CO-45 and PR-2 on the first line. */
async function paidByPrimary(): Promise<{ id: number; lines: number[] }> {
  const c = await root(
    'POST',
    '/claim/verify-register',
    goodClaim(w, { insurance_policy_ids: [w.policy, w.secondary] }),
  );
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  await app.db.query('update claims set status_id = 3 where id = $1', [c.body.id]);
  const lines = (await root('GET', `/claim/${c.body.id}`)).body.services.map((s: { id: number }) => s.id);
  const { batch, payment } = await insuranceCheck(root, w, {
    name: `Primary ${c.body.id}`,
    amount: 9500,
    reference: `CHK${c.body.id}`,
    date: '04/01/2026',
  });
  const posted = await root('POST', `/payments/batch/${batch}/services`, {
    payment_id: payment,
    services: [
      {
        claim_service_id: lines[0],
        paid: 8500,
        adjustments: [
          { group: 'CO', reason: '45', amount: 2500 },
          { group: 'PR', reason: '2', amount: 1500 },
        ],
      },
      { claim_service_id: lines[1], paid: 1000, adjustments: [{ group: 'CO', reason: '45', amount: 500 }] },
    ],
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return { id: c.body.id, lines };
}

async function written837(claimId: number) {
  const { professional } = await claimsFor837(app.db, w.bc, [claimId]);
  const model = professional.map(({ id: _id, ...c }) => c);
  return { model: model[0], text: write837P({ ...envelope, claims: model } as Batch837) };
}

describe('submitting to the secondary payer', () => {
  it('a claim paid by the primary goes to the secondary: back to Not submitted, billed to the secondary, the refile waiting to go', async () => {
    const claim = await paidByPrimary();
    expect(await n('select status_id from claims where id = $1', [claim.id])).toBe(4);
    const r = await root('POST', '/denial/refile', {
      claim_id: claim.id,
      refile_type: 1,
      refile_reason: '01',
      note: 'Primary paid; coinsurance to the secondary',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: 'pending', policy_id: w.secondary });
    const row = (
      await app.db.query<{ status_id: number; billed_responsibility: string }>(
        'select status_id, billed_responsibility from claims where id = $1',
        [claim.id],
      )
    ).rows[0];
    expect(row).toEqual({ status_id: 2, billed_responsibility: 'S' });
  });

  it("its 837 bills the secondary with the primary's adjudication in 2320/2330 and on each line in 2430, and reads back the same", async () => {
    const claim = await paidByPrimary();
    await root('POST', '/denial/refile', { claim_id: claim.id, refile_type: 1, refile_reason: '01' });
    const { model, text } = await written837(claim.id);
    expect(model.subscriber.responsibility).toBe('S');
    expect(model.otherPayers).toEqual([
      expect.objectContaining({ responsibility: 'P', paidAmount: 9500, adjustments: [] }),
    ]);
    expect(
      model.lines.map((l) =>
        l.adjudications?.map((a) => [a.paid, a.adjustments.map((x) => `${x.group}-${x.reason} ${x.amount}`), a.date]),
      ),
    ).toEqual([[[8500, ['CO-45 2500', 'PR-2 1500'], '2026-04-01']], [[1000, ['CO-45 500'], '2026-04-01']]]);
    const doc = readInterchanges(text);
    expect(doc.findings).toEqual([]);
    const back = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(back.findings).toEqual([]);
    expect(back.claims[0].otherPayers).toEqual(model.otherPayers);
    expect(back.claims[0].lines.map((l) => l.adjudications)).toEqual(model.lines.map((l) => l.adjudications));
  });

  it('node-x12 reads the same: two SBR (the secondary billed, the primary as other payer), an SVD and its CAS per line', () => {
    return (async () => {
      const claim = await paidByPrimary();
      await root('POST', '/denial/refile', { claim_id: claim.id, refile_type: 1, refile_reason: '01' });
      const { text } = await written837(claim.id);
      const parsed = new x12.X12Parser(true).parse(text) as any;
      const segs = parsed.functionalGroups[0].transactions[0].segments as Array<{
        tag: string;
        elements: Array<{ value: string }>;
      }>;
      expect(segs.filter((s) => s.tag === 'SBR').map((s) => s.elements[0].value)).toEqual(['S', 'P']);
      expect(segs.filter((s) => s.tag === 'SVD').map((s) => [s.elements[1].value, s.elements[2].value])).toEqual([
        ['85.00', 'HC:99213:25'],
        ['10.00', 'HC:36415'],
      ]);
      expect(
        segs.filter((s) => s.tag === 'AMT' && s.elements[0].value === 'D').map((s) => s.elements[1].value),
      ).toEqual(['95.00']);
    })();
  });

  it("the secondary's remittance of what the primary left closes the claim: Complete, nothing more to bill", async () => {
    const claim = await paidByPrimary();
    await root('POST', '/denial/refile', { claim_id: claim.id, refile_type: 1, refile_reason: '01' });
    await app.db.query('update claims set status_id = 3 where id = $1', [claim.id]);
    const who = (
      await app.db.query<{ pcn: string; payer_id: string; name: string; npi: string }>(
        `select c.patient_control_number as pcn, i.payer_id, i.name, co.npi from claims c join insurance_policies p on p.id = $2 join insurance_companies i on i.id = p.insurance_company_id
        join companies co on co.id = c.company_id where c.id = $1`,
        [claim.id, w.secondary],
      )
    ).rows[0];
    const day = toIsoDate('2026-04-20');
    const lines = await app.db.query<{ procedure_code: string; line_charge: number }>(
      'select procedure_code, line_charge from claim_services where claim_id = $1 order by line_number',
      [claim.id],
    );
    const paid = [1500, 0];
    const text = write835({
      sender: who.payer_id,
      receiver: 'SUN',
      control: 31,
      date: day,
      payments: [
        {
          payer: {
            name: who.name.toUpperCase(),
            id: who.payer_id,
            address: { line1: 'PO BOX 1', city: 'TAMPA', state: 'FL', zip: '33601' },
            contact: { phone: '8005550100' },
          },
          payee: { name: 'CLINIC', npi: who.npi },
          method: 'ACH',
          date: day,
          trace: `SEC${claim.id}`,
          claims: [
            {
              patientControlNumber: who.pcn,
              status: '2',
              charge: 14000,
              paid: 1500,
              patientResponsibility: 0,
              payerControlNumber: `S${claim.id}`,
              patient: { lastName: 'DOE', firstName: 'JANE', memberId: 'S998877' },
              from: toIsoDate('2026-03-02'),
              lines: lines.rows.map((l, i) => ({
                procedure: l.procedure_code,
                charge: Number(l.line_charge),
                paid: paid[i],
                date: toIsoDate('2026-03-02'),
                adjustments: [{ group: 'CO' as const, reason: '23', amount: Number(l.line_charge) - paid[i] }],
              })),
            },
          ],
        },
      ],
    });
    const received = await root('POST', '/payments/eras/sync', {
      billing_company_id: w.bc,
      content: text,
      name: `secondary-${claim.id}.835`,
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const era = (
      await app.db.query<{ id: number }>('select id from era_files where trace_number = $1', [`SEC${claim.id}`])
    ).rows[0];
    const processed = await root('POST', '/payments/eras/process', { id: era.id });
    expect(processed.body.posted_claims, JSON.stringify(processed.body)).toBe(1);
    expect(await n('select status_id from claims where id = $1', [claim.id])).toBe(7);
  });

  it("is refused before the primary's payment is posted, and nothing changes", async () => {
    const c = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, { insurance_policy_ids: [w.policy, w.secondary] }),
    );
    await app.db.query('update claims set status_id = 6 where id = $1', [c.body.id]);
    const r = await root('POST', '/denial/refile', { claim_id: c.body.id, refile_type: 1, refile_reason: '01' });
    expect(r.status).toBe(422);
    expect(r.body.errors.refile_type).toEqual([
      "The primary payer's adjudication must be posted before billing the secondary payer.",
    ]);
    expect(await n('select count(*) from claim_refiles where claim_id = $1', [c.body.id])).toBe(0);
    expect(await n('select status_id from claims where id = $1', [c.body.id])).toBe(6);
  });
});

describe('corrected and void claims', () => {
  async function denied(payerNumber?: string) {
    const c = await root('POST', '/claim/verify-register', goodClaim(w));
    await app.db.query('update claims set status_id = 6 where id = $1', [c.body.id]);
    if (payerNumber)
      await app.db.query(
        `insert into claim_notes (billing_company_id, claim_id, kind, status_id, note, details) values ($1, $2, 'check_status', 6, 'denied', $3)`,
        [w.bc, c.body.id, JSON.stringify({ payer_claim_number: payerNumber })],
      );
    return c.body.id as number;
  }

  it("a corrected claim goes out as a replacement (frequency 7) naming the payer's claim number in REF F8", async () => {
    const id = await denied('ICN-778899');
    const r = await root('POST', '/denial/refile', { claim_id: id, refile_type: 2, refile_reason: '01' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.original_claim_id).toBe('ICN-778899');
    const { text } = await written837(id);
    const segs = text.split('\n');
    expect(segs.find((s) => s.startsWith('CLM*'))).toMatch(/\*11:B:7\*/);
    expect(segs).toContain('REF*F8*ICN-778899~');
  });

  it("a void without the payer's claim number is refused", async () => {
    const id = await denied();
    const r = await root('POST', '/denial/refile', { claim_id: id, refile_type: 5, refile_reason: '03' });
    expect(r.status).toBe(422);
    expect(r.body.errors.original_claim_id).toEqual([
      "A corrected or void claim names the payer's claim number (REF F8).",
    ]);
  });

  it('a new refile cancels the one still waiting to be transmitted', async () => {
    const id = await denied('ICN-1001');
    const first = (await root('POST', '/denial/refile', { claim_id: id, refile_type: 2, refile_reason: '01' })).body;
    await app.db.query('update claims set status_id = 6 where id = $1', [id]);
    const second = await root('POST', '/denial/refile', { claim_id: id, refile_type: 5, refile_reason: '03' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.cancelled).toEqual([first.id]);
    const rows = (
      await app.db.query<{ id: number; status: string }>(
        'select id, status from claim_refiles where claim_id = $1 order by id',
        [id],
      )
    ).rows;
    expect(rows.map((x) => x.status)).toEqual(['cancelled', 'pending']);
    expect(await n(`select count(*) from claims where id = $1 and frequency = '8'`, [id])).toBe(1);
  });

  it('a refile still waiting is cancelled on request, and the claim goes out again as an original', async () => {
    const id = await denied('ICN-2002');
    const refile = (await root('POST', '/denial/refile', { claim_id: id, refile_type: 2, refile_reason: '01' })).body;
    const r = await root('DELETE', `/denial/refile/${refile.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('cancelled');
    expect(
      await n(`select count(*) from claims where id = $1 and frequency = '1' and original_reference is null`, [id]),
    ).toBe(1);
    expect((await root('DELETE', `/denial/refile/${refile.id}`)).body.errors.status).toEqual([
      'Only a refile not yet transmitted can be cancelled.',
    ]);
  });

  it('a claim still waiting for the payer is not refiled', async () => {
    const c = await root('POST', '/claim/verify-register', goodClaim(w));
    await app.db.query('update claims set status_id = 3 where id = $1', [c.body.id]);
    const r = await root('POST', '/denial/refile', { claim_id: c.body.id, refile_type: 3, refile_reason: '02' });
    expect(r.body.errors.claim_id).toEqual([
      'Only a claim the payer answered (approved, rejected, denied or complete) is refiled.',
    ]);
  });
});
