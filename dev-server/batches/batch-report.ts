import { letterDocument } from '../../src/platform/letter-document.ts';
import { autoTable } from 'jspdf-autotable';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../i18n/locale.ts';
import { formatCents } from '../../src/domain/money-input.ts';

const L = {
  en: {
    title: 'Batch report',
    batch: 'Batch',
    status: 'Status',
    shipped: 'Shipped',
    columns: ['Claim number', 'Patient number', 'Patient', 'DOS', 'Facility', 'Healthcare P', 'Plan', 'File amount'],
    totalsFor: 'Totals for:',
    grand: 'Grand total',
    selfPay: 'Self pay',
    claims: 'claims',
  },
  es: {
    title: 'Reporte del lote',
    batch: 'Lote',
    status: 'Estado',
    shipped: 'Enviado',
    columns: [
      'Número de reclamo',
      'Número de paciente',
      'Paciente',
      'Fecha de servicio',
      'Instalación',
      'Profesional',
      'Plan',
      'Monto del archivo',
    ],
    totalsFor: 'Totales de:',
    grand: 'Total general',
    selfPay: 'Pago propio',
    claims: 'reclamos',
  },
};

interface ReportRow {
  code: string;
  med_num: string | null;
  patient: string;
  dos: string;
  facility: string | null;
  professional: string | null;
  plan: string | null;
  payer: string | null;
  billed: string;
}

/**
 * The batch report of the predecessor (`batch_report.blade.php`): a line per claim with its claim and
 * patient numbers, patient, date of service, facility, professional, plan and amount, grouped by the
 * primary payer with "Totals for:" after each group and a grand total. One query.
 */
export async function batchReportPdf(
  db: Queryable,
  batch: Record<string, unknown>,
  locale: Locale,
): Promise<ArrayBuffer> {
  const t = L[locale];
  const rows = (
    await db.query<ReportRow>(
      `select c.code, p.med_num, trim(p.first_name || ' ' || p.last_name) as patient, to_char(c.date_of_service, 'MM/DD/YYYY') as dos, f.name as facility,
            trim(h.first_name || ' ' || h.last_name) as professional, pl.name as plan, ic.name as payer, c.billed_amount as billed
       from claims c join patients p on p.id = c.patient_id
       left join facilities f on f.id = c.facility_id
       left join health_professionals h on h.id = c.attending_provider_id
       left join lateral (select ip.insurance_plan_id, ip.insurance_company_id from insurance_policies ip
                           where ip.id in (select jsonb_array_elements_text(c.insurance_policy_ids)::bigint) order by ip.type_responsibility_id limit 1) pp on true
       left join insurance_plans pl on pl.id = pp.insurance_plan_id
       left join insurance_companies ic on ic.id = pp.insurance_company_id
      where c.billing_company_id = $1 and c.id in (select jsonb_array_elements_text($2::jsonb)::bigint)
      order by ic.name nulls last, c.code`,
      [batch.billing_company_id, JSON.stringify(batch.claim_ids ?? [])],
    )
  ).rows;
  const doc = letterDocument('landscape');
  doc.setFontSize(15);
  doc.text(`${t.title} — ${String(batch.code ?? '')} ${String(batch.name ?? '')}`, 40, 44);
  doc.setFontSize(9);
  doc.text(
    `${t.shipped}: ${batch.shipping_date ? new Date(String(batch.shipping_date)).toLocaleDateString('en-US') : '—'}   ${rows.length} ${t.claims}`,
    40,
    60,
  );
  const body: Array<Array<string | { content: string; colSpan?: number; styles?: object }>> = [];
  let group: string | null | undefined;
  let subtotal = 0;
  let grand = 0;
  const closeGroup = () => {
    if (group === undefined) return;
    body.push([
      { content: `${t.totalsFor} ${group ?? t.selfPay}`, colSpan: 7, styles: { fontStyle: 'bold' } },
      { content: formatCents(subtotal), styles: { fontStyle: 'bold', halign: 'right' } },
    ]);
  };
  for (const r of rows) {
    if (r.payer !== group) {
      closeGroup();
      group = r.payer;
      subtotal = 0;
    }
    const cents = Number(r.billed);
    subtotal += cents;
    grand += cents;
    body.push([
      r.code,
      r.med_num ?? '',
      r.patient,
      r.dos,
      r.facility ?? '',
      r.professional ?? '',
      r.plan ?? t.selfPay,
      { content: formatCents(cents), styles: { halign: 'right' } },
    ]);
  }
  closeGroup();
  body.push([
    { content: t.grand, colSpan: 7, styles: { fontStyle: 'bold' } },
    { content: formatCents(grand), styles: { fontStyle: 'bold', halign: 'right' } },
  ]);
  autoTable(doc, { startY: 72, head: [t.columns], body, styles: { fontSize: 8 } });
  return doc.output('arraybuffer');
}
