import type { Queryable } from '../db/database.ts';
import { claimsFor837 } from '../claims/claim-837-export.ts';
import { cms1500Pages } from '../../src/domain/paper-forms/cms1500.ts';
import { ub04Pages } from '../../src/domain/paper-forms/ub04.ts';
import type { PaperExtras } from '../../src/domain/paper-forms/paper-claim.ts';
import { usDateOf } from '../../src/domain/formats.ts';
import { x12Text } from '../../src/domain/x12/x12-writing.ts';
import { codeListFile } from '../claims/claim-code-lists.ts';
import { cms1500Pdf, ub04Pdf, type FormMode, type FormOffsets } from './paper-form-pdf.ts';

type Row = Record<string, unknown>;
const INSURANCE_TYPE: Record<string, PaperExtras['insuranceType']> = {
  MED: 'medicare',
  MCE: 'medicaid',
  TR: 'tricare',
  CH: 'champva',
  GHP: 'group',
  CI: 'group',
  BL: 'group',
  FBL: 'feca',
  OT: 'other',
};
const INS_CODES = ['CI', 'BL', 'MED', 'MCE', 'TR', 'CH', 'GHP', 'FBL', 'OT'];
// The payer's address and the other insured print in the same X12 text as the claim's own facts (the model's).
const up = (v: unknown) => x12Text(v as string);

/** What the paper forms need beyond the 837 model, for many claims in one query. */
export async function paperExtras(db: Queryable, bc: number, ids: number[]): Promise<Map<number, PaperExtras>> {
  const r = await db.query<Row>(
    `select c.id, c.code, co.phone as billing_phone,
            (select json_build_object('payer_address', ic.address, 'payer_city', ic.city, 'payer_state', ic.state, 'payer_zip', ic.zip, 'ins_type_id', coalesce(pl.ins_type_id, ic.ins_type_id), 'plan', pl.name)
               from insurance_policies p join insurance_companies ic on ic.id = p.insurance_company_id left join insurance_plans pl on pl.id = p.insurance_plan_id
              where p.id = any(array(select jsonb_array_elements_text(c.insurance_policy_ids)::bigint)) order by p.type_responsibility_id limit 1) as primary_policy
       from claims c left join companies co on co.id = c.company_id
      where c.billing_company_id = $1 and c.id = any($2::bigint[])`,
    [bc, ids],
  );
  const out = new Map<number, PaperExtras>();
  for (const c of r.rows) {
    const primary = (c.primary_policy ?? {}) as Row;
    out.set(Number(c.id), {
      claimCode: String(c.code ?? ''),
      printedOn: usDateOf(),
      payerAddress: primary.payer_address
        ? {
            line1: up(primary.payer_address),
            city: up(primary.payer_city),
            state: up(primary.payer_state),
            zip: String(primary.payer_zip ?? ''),
          }
        : null,
      insuranceType: INSURANCE_TYPE[INS_CODES[Number(primary.ins_type_id ?? 9) - 1] ?? 'OT'] ?? 'other',
      planName: primary.plan ? String(primary.plan) : null,
      billingPhone: c.billing_phone ? String(c.billing_phone) : null,
    });
  }
  return out;
}

/**
 * The paper forms of claims of one billing company: CMS-1500 for professional claims, UB-04 for
 * institutional ones (a batch holds one form, so one PDF). Claims come out in the order given.
 */
export async function claimFormsPdf({
  db,
  bc,
  ids,
  mode,
  offsets = {},
}: {
  db: Queryable;
  bc: number;
  ids: number[];
  mode: FormMode;
  offsets?: Partial<FormOffsets>;
}): Promise<{ form: 'CMS-1500' | 'UB-04'; pdf: ArrayBuffer }> {
  const { professional, institutional } = await claimsFor837(db, bc, ids);
  const extras = await paperExtras(db, bc, ids);
  const order = new Map(ids.map((id, i) => [id, i]));
  const byOrder = <T extends { id: number }>(xs: T[]) => [...xs].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  if (professional.length)
    return {
      form: 'CMS-1500',
      pdf: cms1500Pdf(
        byOrder(professional).map((c) => cms1500Pages(c, extras.get(c.id)!)),
        mode,
        offsets,
      ),
    };
  const revenue = new Map(codeListFile('revenue-codes').map((r) => [String(r.code ?? r.id), r.name]));
  return {
    form: 'UB-04',
    pdf: ub04Pdf(
      byOrder(institutional).map((c) =>
        ub04Pages(
          c,
          extras.get(c.id)!,
          c.lines.map((l) => revenue.get(l.revenueCode) ?? ''),
        ),
      ),
      mode,
      offsets,
    ),
  };
}
