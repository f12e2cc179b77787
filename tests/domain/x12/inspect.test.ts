import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeInspection, inspectX12 } from '../../../src/domain/x12/inspect.ts';

const fixture = (p: string) => new URL(`../../fixtures/x12/${p}`, import.meta.url).pathname;

describe('x12 inspect', () => {
  it('summarises an 835 with payer, payment, claims, totals and a balance verdict', () => {
    const i = inspectX12(readFileSync(fixture('835/medicare-part-a.835'), 'utf8'));
    expect(i.transactions[0].summary).toMatchObject({ payer: 'INSURANCE COMPANY OF TIMBUCKTU', payment: '150,000.00', claims: 2, providerAdjustments: '-1.27', balanced: true });
    expect(describeInspection(i)).toContain('No findings.');
  });

  it('lists findings with segment position and element for people', () => {
    const text = describeInspection(inspectX12(readFileSync(fixture('835/tertiary-payment.835'), 'utf8')));
    expect(text).toMatch(/\[error\] segment \d+ SVC01: SVC01 "HC" has no procedure code/);
    expect(text).toMatch(/balanced: false/);
  });

  it('the command prints JSON for machines and exits 1 when a file has errors', () => {
    let status = 0;
    let out = '';
    try {
      out = execFileSync('npx', ['tsx', 'dev-server/cli/x12.ts', 'inspect', fixture('structure/x12_no_isa_line.txt'), '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (e) {
      status = (e as { status: number }).status;
      out = (e as { stdout: string }).stdout;
    }
    expect(status).toBe(1);
    expect(JSON.parse(out).findings[0].code).toBe('no-isa');
  });
});
