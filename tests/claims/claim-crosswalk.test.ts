import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { pdfRuns } from '../helpers/pdf-text.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { availityEnvelope } from '../helpers/availity-envelope.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';

/**
 * A fact a professional claim holds is on the CMS-1500 exactly when it is in the 837P (issue 55): both are written from
 * one model of the claim. Each row names a fact, what makes a claim hold it, where the form prints it (row, column,
 * text of the printing grid) and what the 837P says of it; a claim without the fact shows neither.
 */
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let token: string;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  token = await app.login('root@test.com');
});
afterAll(() => app.close());

interface Row {
  fact: string;
  /** what the claim holds (the others: the plain claim) */
  holds: Record<string, unknown>;
  /** the same claim without the fact, when the plain claim already holds it */
  lacks?: Record<string, unknown>;
  /** a policy as the fact needs it, set before the claim is made and put back after (SQL on its id, $1) */
  policies?: { of: 'policy' | 'secondary'; set: string; back: string };
  paper: Array<[row: number, col: number, text: string]>;
  x12: RegExp[];
}

const CROSSWALK: Row[] = [
  {
    fact: 'the provider does not accept assignment (box 27 NO, CLM07 C)',
    holds: { accept_assignment: false },
    paper: [[56, 43, 'X']],
    x12: [/^CLM\*[^*~]*\*[^*~]*\*\*\*[^*~]*\*Y\*C\*/m],
  },
  {
    fact: 'the insured has not assigned the benefits (box 13 blank, CLM08 N)',
    holds: {},
    policies: {
      of: 'policy',
      set: 'update insurance_policies set assign_benefits = false where id = $1',
      back: 'update insurance_policies set assign_benefits = true where id = $1',
    },
    paper: [],
    x12: [/^CLM\*[^*~]*\*[^*~]*\*\*\*[^*~]*\*Y\*[AC]\*N\*/m],
  },
  {
    fact: 'an auto accident in Florida on 02/20/2026 (box 10b YES and FL, box 15 qualifier 439, CLM11 AA:::FL, DTP*439)',
    holds: { accident_type: 'AA', accident_state: 'FL', injury_date: '02/20/2026' },
    paper: [
      [22, 35, 'X'],
      [22, 45, 'FL'],
      [32, 33, '439'],
    ],
    x12: [/\*AA:::FL~/, /^DTP\*439\*D8\*20260220~/m],
  },
  {
    fact: 'a condition related to employment (box 10a YES, CLM11 EM)',
    holds: { accident_type: 'EM' },
    paper: [[20, 35, 'X']],
    x12: [/\*\*EM~/],
  },
  {
    fact: 'the onset of the illness or injury (box 14 qualifier 431, DTP*431)',
    holds: { injury_date: '02/18/2026' },
    paper: [[32, 16, '431']],
    x12: [/^DTP\*431\*D8\*20260218~/m],
  },
  {
    fact: 'an emergency service (box 24C Y, SV109 Y)',
    holds: { emergency_line: true },
    paper: [[44, 22, 'Y']],
    x12: [/^SV1\*[^~]*\*\*Y~/m],
  },
  {
    fact: 'a supervising provider (box 17 qualifier DQ, loop 2310D)',
    holds: { supervising_provider_id: 0 },
    paper: [[34, 1, 'DQ']],
    x12: [/^NM1\*DQ\*1\*CARTER\*JAMES\*/m],
  },
  {
    fact: 'a service facility apart from the clinic (box 32, loop 2310C)',
    holds: {},
    lacks: { facility_id: null },
    paper: [[58, 23, 'SUNSHINE OUTPATIENT CENTE']],
    x12: [/^NM1\*77\*2\*SUNSHINE OUTPATIENT CENTER\*/m],
  },
  {
    fact: 'another coverage the patient has (boxes 9 and 11d, loops 2320/2330 disclosed, nothing paid)',
    holds: { insurance_policy_ids: [0, 0] },
    // The world's secondary ended in 2024: it covers these days for this row.
    policies: {
      of: 'secondary',
      set: 'update insurance_policies set end_date = null where id = $1',
      back: `update insurance_policies set end_date = '2024-12-31' where id = $1`,
    },
    paper: [[26, 52, 'X']],
    x12: [/^SBR\*S\*/m],
  },
];

/** The claim a row makes on its own day (ids the world gives filled in), verified through the API as staff would. */
async function made(over: Record<string, unknown>, day: string) {
  const { emergency_line: emergency, ...rest } = over;
  const body = goodClaim(w, rest) as Record<string, unknown>;
  body.services = (body.services as Array<Record<string, unknown>>).map((l, i) => ({
    ...l,
    from_service: day,
    to_service: day,
    ...(emergency && i === 0 ? { emg: true } : {}),
  }));
  if (body.supervising_provider_id === 0) body.supervising_provider_id = w.referring;
  if (Array.isArray(over.insurance_policy_ids)) body.insurance_policy_ids = [w.policy, w.secondary];
  const r = await root('POST', '/claim/verify-register', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

async function formGrid(id: number) {
  const res = await fetch(`${app.url}/claim/show-claim-form/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const at = new Map<string, string>();
  for (const r of (await pdfRuns(await res.arrayBuffer()))[0])
    at.set(`${Math.round((r.top - 20) / 12)}:${Math.round((r.x - 24) / 7.2 + 1)}`, r.str.trimEnd());
  return (row: number, col: number) => at.get(`${row}:${col}`);
}

const file = async (ids: number[]) => {
  const { professional } = await claimsFor837(app.db, w.bc, ids);
  return write837P({ ...availityEnvelope('SUB01', 11), claims: professional.map(({ id: _id, ...c }) => c) });
};

describe('one crosswalk: the CMS-1500 and the 837P say the same facts', () => {
  const written: Record<string, string> = {};
  afterAll(async () => {
    // Every file of the walk, read by the independent validator in one call.
    const checked = await validateX12(written);
    expect(checked.output.split('\n').filter((l) => l.trim() && !/: OK$/.test(l))).toEqual([]);
  });

  for (const [n, row] of CROSSWALK.entries())
    it(row.fact, async () => {
      if (row.policies) await app.db.query(row.policies.set, [w[row.policies.of]]);
      try {
        const holds = await made(row.holds, `03/${10 + n}/2026`);
        const text = await file([holds]);
        written[`holds-${n}.837`] = text;
        const paper = await formGrid(holds);
        for (const [r, c, t] of row.paper) expect(paper(r, c), `box at ${r}:${c}`).toBe(t);
        for (const re of row.x12) expect(text).toMatch(re);
        if (row.fact.includes('box 13')) expect(paper(29, 55)).toBeUndefined();
      } finally {
        if (row.policies) await app.db.query(row.policies.back, [w[row.policies.of]]);
      }
      const lacks = await made(row.lacks ?? {}, `04/${10 + n}/2026`);
      const text = await file([lacks]);
      written[`lacks-${n}.837`] = text;
      const paper = await formGrid(lacks);
      for (const [r, c, t] of row.paper) expect(paper(r, c), `box at ${r}:${c}`).not.toBe(t);
      for (const re of row.x12) expect(text).not.toMatch(re);
      if (row.fact.includes('box 13')) expect(paper(29, 55)).toBe('SIGNATURE ON FILE');
    });
});
