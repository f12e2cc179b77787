import { letterDocument } from '../../src/platform/letter-document.ts';
import { autoTable } from 'jspdf-autotable';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { codeListFile } from './claim-code-lists.ts';
import { formatCents } from '../../src/domain/money-input.ts';

type Row = Record<string, unknown>;
// Cents shown as dollars by the one formatter the product has: integer arithmetic, never a float.
const dollars = (cents: unknown) => formatCents(Number(cents ?? 0));
const L = {
  en: {
    title: 'Claim preview',
    claim: 'Claim',
    form: 'Form',
    status: 'Status',
    patient: 'Patient',
    company: 'Company',
    facility: 'Facility',
    dos: 'Date of service',
    billed: 'Billed amount',
    attending: 'Attending / rendering',
    billing: 'Billing provider',
    referring: 'Referring',
    policies: 'Policies',
    selfPay: 'Self pay',
    diagnoses: 'Diagnoses',
    lines: ['#', 'From', 'To', 'Procedure', 'Modifiers', 'Rev.', 'POS', 'Pointer', 'Units', 'Price', 'Charge'],
    total: 'Total',
    auth: 'Prior authorization',
    account: 'Patient account',
  },
  es: {
    title: 'Vista previa del reclamo',
    claim: 'Reclamo',
    form: 'Formulario',
    status: 'Estado',
    patient: 'Paciente',
    company: 'Compañía',
    facility: 'Instalación',
    dos: 'Fecha de servicio',
    billed: 'Monto facturado',
    attending: 'Tratante',
    billing: 'Proveedor de facturación',
    referring: 'Refiere',
    policies: 'Pólizas',
    selfPay: 'Pago propio',
    diagnoses: 'Diagnósticos',
    lines: [
      '#',
      'Desde',
      'Hasta',
      'Procedimiento',
      'Modificadores',
      'Ingr.',
      'Lugar',
      'Puntero',
      'Unidades',
      'Precio',
      'Cargo',
    ],
    total: 'Total',
    auth: 'Autorización previa',
    account: 'Cuenta del paciente',
  },
};

/**
 * A one-page print of the claim as entered — parties, diagnoses, lines and total — for a person to
 * check before it leaves. (The CMS-1500 and UB-04 forms themselves print with batches.)
 */
export async function claimPreviewPdf(db: Queryable, claim: Row, locale: Locale): Promise<ArrayBuffer> {
  const t = L[locale];
  const names = await db.query<{
    patient: string;
    company: string;
    facility: string | null;
    attending: string | null;
    billing: string | null;
    referring: string | null;
    policies: string[];
  }>(
    `select (select trim(first_name || ' ' || last_name) from patients where id = $1) as patient,
            (select name from companies where id = $2) as company,
            (select name from facilities where id = $3) as facility,
            (select trim(first_name || ' ' || last_name) || ' (NPI ' || npi || ')' from health_professionals where id = $4) as attending,
            (select trim(first_name || ' ' || last_name) || ' (NPI ' || npi || ')' from health_professionals where id = $5) as billing,
            (select trim(first_name || ' ' || last_name) || ' (NPI ' || npi || ')' from health_professionals where id = $6) as referring,
            array(select ic.name || ' · ' || p.policy_number from insurance_policies p join insurance_companies ic on ic.id = p.insurance_company_id
                   where p.id = any($7::bigint[]) order by p.type_responsibility_id) as policies`,
    [
      claim.patient_id,
      claim.company_id,
      claim.facility_id ?? null,
      claim.attending_provider_id ?? null,
      claim.billing_provider_id ?? null,
      claim.referring_provider_id ?? null,
      claim.insurance_policy_ids ?? [],
    ],
  );
  const n = names.rows[0];
  const doc = letterDocument();
  doc.setFontSize(16);
  doc.text(`${t.title} — ${String(claim.code ?? '')}`, 40, 48);
  doc.setFontSize(10);
  const status = (claim.status as { name?: string } | undefined)?.name ?? '';
  const form = codeListFile('claim-formats').find((i) => i.id === claim.format_id)?.name ?? '';
  const facts: Array<[string, string]> = [
    [t.form, form],
    [t.status, status],
    [t.patient, n.patient ?? ''],
    [t.company, n.company ?? ''],
    [t.facility, n.facility ?? ''],
    [t.dos, String(claim.date_of_service ?? '')],
    [t.billed, `$${dollars(claim.billed_amount)}`],
    [t.attending, n.attending ?? ''],
    [t.billing, n.billing ?? n.company ?? ''],
    [t.referring, n.referring ?? ''],
    [t.policies, n.policies.length ? n.policies.join('; ') : t.selfPay],
    [t.auth, String(claim.prior_authorization ?? '')],
    [t.account, String(claim.patient_account_number ?? '')],
  ];
  let y = 72;
  for (const [k, v] of facts) {
    doc.text(`${k}: ${v}`, 40, y);
    y += 14;
  }
  const dx = ((claim.diagnoses as Row[] | undefined) ?? []).map(
    (d, i) => `${'ABCDEFGHIJKLMNOPQRSTUVWXY'[i]}. ${String(d.code)}${d.poa ? ` (POA ${String(d.poa)})` : ''}`,
  );
  doc.text(`${t.diagnoses}: ${dx.join('   ')}`, 40, y + 6, { maxWidth: 530 });
  const lines = (claim.services as Row[] | undefined) ?? [];
  autoTable(doc, {
    startY: y + 24,
    head: [t.lines],
    body: lines.map((l, i) => [
      i + 1,
      String(l.from_service ?? ''),
      String(l.to_service ?? ''),
      String(l.procedure_code ?? ''),
      ((l.modifiers as string[] | undefined) ?? []).join(' '),
      String(l.revenue_code ?? ''),
      String(l.place_of_service ?? ''),
      ((l.diagnosis_pointers as string[] | undefined) ?? []).join(''),
      String(l.days_or_units ?? ''),
      dollars(l.price),
      dollars(l.line_charge),
    ]),
    foot: [['', '', '', '', '', '', '', '', '', t.total, dollars(claim.billed_amount)]],
    styles: { fontSize: 8 },
  });
  return doc.output('arraybuffer');
}
