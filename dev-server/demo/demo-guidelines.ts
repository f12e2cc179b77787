import type { Queryable } from '../db/database.ts';
import { insertRows } from './demo-rows.ts';

// What a billing company's managers write down for their billers: one general page and a page for
// the payers whose rules trip people most. Keyed by the demo payers' names.
const GENERAL = `# Before a claim leaves
1. Check the patient's eligibility on the payer's portal for the date of service.
2. Make sure every diagnosis pointer on a line points at a diagnosis of the claim.
3. Attach the **referral number** when the plan is an HMO.

## Corrected claims
Send a corrected claim with frequency code **7** and the payer's claim number in REF F8; a void uses **8**.
Never send a new original claim for a claim the payer already has: it is denied as a duplicate (CARC 18).`;

const BY_PAYER: Record<string, string> = {
  Aetna: `# Aetna
- Timely filing: **90 days** from the date of service for participating providers.
- Corrected claims go electronically; paper corrected claims are returned.
- Reconsiderations: [Aetna provider portal](https://www.availity.com) → Claim status → *Dispute*.`,
  'Medicare Part B (First Coast)': `# Medicare Part B (First Coast)
- Timely filing: **12 months** from the date of service.
- Modifier **GA** only with a signed ABN on file; **GY** for statutorily excluded services.
- Telehealth: place of service **02** or **10** with modifier **95** where the CMS list asks for it.`,
  'Florida Medicaid': `# Florida Medicaid
- Check the recipient's plan every month: most are enrolled in a managed-care plan, not fee-for-service.
- Timely filing: **365 days**; keep the 277CA acceptance as proof of timely filing.`,
};

/** Each demo billing company's guidelines: a general one and one per payer above. */
export async function loadDemoGuidelines(
  tx: Queryable,
  billingCompanyId: number,
  payers: Array<{ id: number; name: string }>,
): Promise<void> {
  await insertRows(tx, 'guidelines', [
    {
      billing_company_id: billingCompanyId,
      title: 'Checklist before submitting',
      insurance_company_id: null,
      body: GENERAL,
      status: true,
    },
    ...payers
      .filter((p) => BY_PAYER[p.name])
      .map((p) => ({
        billing_company_id: billingCompanyId,
        title: `${p.name}: filing rules`,
        insurance_company_id: p.id,
        body: BY_PAYER[p.name],
        status: true,
      })),
  ]);
}
