import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { availityEnvelope } from '../helpers/availity-envelope.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import { read837P } from '../../src/domain/x12/claim-837p-reader.ts';
import { read837I } from '../../src/domain/x12/claim-837i-reader.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import { x12Text } from '../../src/domain/x12/x12-writing.ts';
import type { Batch837, Claim837I, Claim837P } from '../../src/domain/x12/claim-837-model.ts';
import { claimLoops } from '../../src/domain/x12/claim-837-loops.ts';
import { CMS1500_CROSSWALK, UB04_CROSSWALK } from '../../src/domain/claims/claim-crosswalk.ts';
import { cms1500Pages } from '../../src/domain/paper-forms/cms1500.ts';
import { ub04Pages } from '../../src/domain/paper-forms/ub04.ts';
import { paperExtras } from '../../dev-server/paper/claim-forms.ts';
import { cms1500Pdf, ub04Pdf } from '../../dev-server/paper/paper-form-pdf.ts';
import { formLayoutProblems } from '../helpers/pdf-layout.ts';
import { crosswalkDisagreements } from '../helpers/crosswalk-check.ts';
import type { ClaimWorld } from '../helpers/claim-fixtures.ts';
import { generatedClaims, generatedWorld, type GeneratedWorld } from '../helpers/claim-generator.ts';

/**
 * Claims as a real office makes them (tests/helpers/claim-generator.ts). Each goes through the API's
 * verification as staff would; every claim that verifies is written to an 837, the files are judged by the independent
 * validator in one call, read back, and each fact checked to have survived. fast-check prints the seed of a failure.
 */
const CLAIMS = 500;
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let world: GeneratedWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  world = await generatedWorld(app.db);
  w = world.w;
});
afterAll(() => app.close());
const envelope = availityEnvelope('GEN01', 55, new Date('2026-04-30T12:00:00Z'));
const strip = <T extends { id: number }>(cs: T[]) => cs.map(({ id: _id, ...c }) => c);

describe(`${CLAIMS} generated claims`, () => {
  it('all verify; their 837s pass the independent validator in one call; every fact survives the file, read back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(generatedClaims(world), { minLength: CLAIMS, maxLength: CLAIMS }), async (claims) => {
        const made = new Map<number, (typeof claims)[number]>();
        const refused: string[] = [];
        for (const [n, c] of claims.entries()) {
          const res = await root('POST', '/claim/verify-register', c.body);
          if (res.status === 201 && res.body.verified !== false) made.set(Number(res.body.id), c);
          else refused.push(`${n}: ${res.status} ${JSON.stringify(res.body.errors ?? res.body.message)}`);
        }
        // Every draw is a claim a biller may enter: a refusal would be a rule too strict, shown in words.
        expect(refused).toEqual([]);
        const { professional: ps, institutional: is } = await claimsFor837(app.db, w.bc, [...made.keys()]);
        const files = {
          'professional.837': write837P({ ...envelope, claims: strip(ps) } as Batch837),
          'institutional.837': write837I({ ...envelope, claims: strip(is) } as Batch837<never>),
        };
        const checked = await validateX12(files);
        expect(checked.output.split('\n').filter((l) => !/: OK$/.test(l) && l.trim())).toEqual([]);
        const transaction = (text: string) => {
          const doc = readInterchanges(text);
          expect(doc.findings).toEqual([]);
          return { tx: doc.interchanges[0].groups[0].transactions[0], sep: doc.separators! };
        };
        const fileP = transaction(files['professional.837']);
        const fileI = transaction(files['institutional.837']);
        const readP = read837P(fileP.tx, fileP.sep);
        const readI = read837I(fileI.tx, fileI.sep);
        expect([...readP.findings, ...readI.findings]).toEqual([]);
        // What was written is what the model held: every fact, claim by claim.
        expect(readP.claims).toEqual(strip(ps));
        expect(readI.claims).toEqual(strip(is));
        // And the model holds what the person entered: names as X12 carries them, assignment, causes, lines.
        for (const c of [...ps, ...is] as Array<(Claim837P | Claim837I) & { id: number }>) {
          const entered = made.get(c.id)!;
          const patient = c.patient?.party ?? c.subscriber.party;
          expect(patient.name).toBe(x12Text(entered.patient.last));
          expect(c.acceptAssignment === false).toBe(entered.body.accept_assignment === false);
          expect(c.lines).toHaveLength(entered.body.services.length);
          // An institutional claim is billed by the hospital (its facility), never by the practice or a physician.
          if (entered.kind === 'I')
            expect([c.billingProvider.name, c.billingProvider.taxonomy]).toEqual([
              'SUNSHINE OUTPATIENT CENTER',
              '282N00000X',
            ]);
          if (entered.kind === 'P') {
            const p = c as Claim837P;
            const body = entered.body as Record<string, unknown>;
            expect(Boolean(p.relatedCauses)).toBe(Boolean(body.accident_type));
            expect(p.lines.map((l) => Boolean(l.emergency))).toEqual(
              (body.services as Array<{ emg?: boolean }>).map((l) => Boolean(l.emg)),
            );
            expect(p.priorAuthorization).toBe(
              body.prior_authorization ? x12Text(String(body.prior_authorization)) : undefined,
            );
            expect(p.otherPayers?.length ?? 0).toBe(entered.patient.policies.length - 1);
          }
        }
        // One crosswalk: each claim's paper form prints a box exactly when its 837 sends the box's element, every
        // box printed is in the crosswalk, and every fact of the crosswalk is held by some generated claim.
        const extras = await paperExtras(app.db, w.bc, [...made.keys()]);
        const held = new Set<string>();
        const disagreements = [
          ...claimLoops(fileP.tx, fileP.sep, 'P').flatMap((segments, n) =>
            crosswalkDisagreements(
              CMS1500_CROSSWALK,
              cms1500Pages(ps[n], extras.get(ps[n].id)!).flat(),
              segments,
              fileP.sep.component,
              held,
            ).map((d) => `${ps[n].patientControlNumber}: ${d}`),
          ),
          ...claimLoops(fileI.tx, fileI.sep, 'I').flatMap((segments, n) =>
            crosswalkDisagreements(
              UB04_CROSSWALK,
              ub04Pages(is[n], extras.get(is[n].id)!).flat(),
              segments,
              fileI.sep.component,
              held,
            ).map((d) => `${is[n].patientControlNumber}: ${d}`),
          ),
        ];
        expect(disagreements.slice(0, 20)).toEqual([]);
        // On plain paper every generated claim's form, drawn, keeps each value and caption inside its box, on the sheet.
        const drawn = [
          ...(await formLayoutProblems(
            cms1500Pdf(
              ps.map((c) => cms1500Pages(c, extras.get(c.id)!)),
              'full',
            ),
          )),
          ...(await formLayoutProblems(
            ub04Pdf(
              is.map((c) => ub04Pages(c, extras.get(c.id)!)),
              'full',
            ),
          )),
        ];
        expect(drawn.slice(0, 20)).toEqual([]);
        const never = [...CMS1500_CROSSWALK, ...UB04_CROSSWALK].filter(
          (r) => r.pairing.kind !== 'paper' && !held.has(r.box),
        );
        expect(never.map((r) => `${r.box} ${r.fact}`)).toEqual([]);
      }),
      { numRuns: 1, endOnFailure: true, seed: Number(process.env.CLAIMS_SEED ?? 5_500_837) },
    );
  }, 600_000);
});
