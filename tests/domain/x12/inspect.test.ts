import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeInspection, inspectX12 } from '../../../src/domain/x12/inspect.ts';

const fixture = (p: string) => new URL(`../../fixtures/x12/${p}`, import.meta.url).pathname;

describe('x12 inspect', () => {
  it('summarises an 835 with payer, payment, claims, totals and a balance verdict', () => {
    const i = inspectX12(readFileSync(fixture('835/medicare-part-a.835'), 'utf8'));
    expect(i.transactions[0].summary).toMatchObject({
      payer: 'INSURANCE COMPANY OF TIMBUCKTU',
      payment_cents: 15_000_000,
      claims: 2,
      provider_adjustments_cents: -127,
      balanced: true,
    });
    expect(describeInspection(i)).toContain('No findings.');
    expect(describeInspection(i)).toContain('payment: 150,000.00');
  });

  it('gives machines every claim with its charge, payment, status and adjustments, money in cents', () => {
    const s = inspectX12(readFileSync(fixture('835/medicare-part-a.835'), 'utf8')).transactions[0].summary as {
      claim_details: Array<Record<string, unknown>>;
      paid_cents: number;
    };
    expect(s.claim_details).toHaveLength(2);
    for (const c of s.claim_details) {
      expect(c).toEqual(
        expect.objectContaining({
          claim: expect.any(String),
          status: expect.any(String),
          charge_cents: expect.any(Number),
          paid_cents: expect.any(Number),
          adjustments: expect.any(Array),
        }),
      );
      for (const a of c.adjustments as Array<Record<string, unknown>>)
        expect(Number.isInteger(a.amount_cents)).toBe(true);
    }
    expect(s.claim_details.reduce((a, c) => a + Number(c.paid_cents), 0)).toBe(s.paid_cents);
  });

  it('lists findings with segment position and element for people', () => {
    const text = describeInspection(inspectX12(readFileSync(fixture('835/tertiary-payment.835'), 'utf8')));
    expect(text).toMatch(/\[error\] segment \d+ SVC01: SVC01 "HC" has no procedure code/);
    expect(text).toMatch(/balanced: false/);
  });

  it("an 837 is judged as the claim intake judges a practice's claims: NPIs that fail the check digit, by loop and claim", () => {
    const text = describeInspection(inspectX12(readFileSync(fixture('837p/demo.autoaccident.837'), 'latin1')));
    expect(text).toMatch(/3 finding\(s\)/);
    expect(text).toContain(
      'segment 29 NM109: 2310B, claim 900000032: The rendering provider NPI "2366552595" is not a valid NPI (10 digits with a check digit).',
    );
  });

  it('the command prints JSON for machines and exits 1 when a file has errors', () => {
    let status = 0;
    let out = '';
    try {
      out = execFileSync(
        'npx',
        ['tsx', 'dev-server/cli/x12.ts', 'inspect', fixture('structure/x12_no_isa_line.txt'), '--json'],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
    } catch (e) {
      status = (e as { status: number }).status;
      out = (e as { stdout: string }).stdout;
    }
    expect(status).toBe(1);
    expect(JSON.parse(out).findings[0].code).toBe('no-isa');
  });
});
