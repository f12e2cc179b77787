/** What an appeal letter says, filled into a billing company's template. */
export interface AppealFacts {
  today: string;
  billing_company: string;
  payer: string;
  /** where the payer takes mail: street, then city, state and ZIP, on two lines (empty when not on file) */
  payer_address: string;
  patient: string;
  member_id: string;
  claim: string;
  payer_claim_number: string;
  date_of_service: string;
  billed: string;
  denial_codes: string;
  tracking_notes: string;
  /** the billing provider the payer knows the claim by: its name, NPI and tax id */
  provider: string;
  provider_npi: string;
  provider_tax_id: string;
}

export const APPEAL_PLACEHOLDERS: ReadonlyArray<keyof AppealFacts> = [
  'today',
  'billing_company',
  'payer',
  'payer_address',
  'patient',
  'member_id',
  'claim',
  'payer_claim_number',
  'date_of_service',
  'billed',
  'denial_codes',
  'tracking_notes',
  'provider',
  'provider_npi',
  'provider_tax_id',
];

// The standard letter, when a billing company has not written its own.
export const STANDARD_APPEAL: Record<'en' | 'es', string> = {
  en: `{{today}}

{{payer}}
Appeals Department
{{payer_address}}

Re: Request for reconsideration
Provider: {{provider}}   NPI: {{provider_npi}}   Tax ID: {{provider_tax_id}}
Patient: {{patient}}   Member ID: {{member_id}}
Claim: {{claim}}   Payer claim number: {{payer_claim_number}}
Date of service: {{date_of_service}}   Billed: {{billed}}

We ask you to reconsider the denial of this claim. It was denied for:
{{denial_codes}}

What we have done since:
{{tracking_notes}}

The services were provided as billed and documented in the medical record, which we will send on request. Please reprocess the claim for payment.

Sincerely,
{{billing_company}}, on behalf of {{provider}}`,
  es: `{{today}}

{{payer}}
Departamento de apelaciones
{{payer_address}}

Asunto: Solicitud de reconsideración
Proveedor: {{provider}}   NPI: {{provider_npi}}   Tax ID: {{provider_tax_id}}
Paciente: {{patient}}   ID de miembro: {{member_id}}
Reclamo: {{claim}}   Número de reclamo del pagador: {{payer_claim_number}}
Fecha de servicio: {{date_of_service}}   Facturado: {{billed}}

Solicitamos que reconsideren la denegación de este reclamo. Fue denegado por:
{{denial_codes}}

Lo que hemos hecho desde entonces:
{{tracking_notes}}

Los servicios se prestaron como se facturaron y constan en la historia clínica, que enviaremos si la solicitan. Les pedimos reprocesar el reclamo para su pago.

Atentamente,
{{billing_company}}, en nombre de {{provider}}`,
};

/** The template with every {{placeholder}} replaced; an unknown one is left as written, so a typo shows in the letter. */
export function fillAppeal<F extends object = AppealFacts>(template: string, facts: F): string {
  const said = facts as Record<string, string>;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(said, name) ? said[name] : whole,
  );
}
