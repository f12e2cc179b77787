/** What an underpayment appeal says: the line as paid beside what its contract says it should have been. */
export interface UnderpaymentFacts {
  today: string;
  billing_company: string;
  payer: string;
  provider: string;
  provider_npi: string;
  provider_tax_id: string;
  patient: string;
  member_id: string;
  claim: string;
  payer_claim_number: string;
  date_of_service: string;
  procedure: string;
  contract: string;
  contract_dates: string;
  contract_terms: string;
  expected: string;
  allowed: string;
  paid: string;
  difference: string;
  adjustments: string;
  payment: string;
}

/** The letter a billing company sends a payer that allowed less than its contract: the contract's terms quoted. */
export const UNDERPAYMENT_APPEAL: Record<'en' | 'es', string> = {
  en: `{{today}}

{{payer}}
Provider Disputes / Appeals Department

Re: Payment below contracted rate
Provider: {{provider}}   NPI: {{provider_npi}}   Tax ID: {{provider_tax_id}}
Patient: {{patient}}   Member ID: {{member_id}}
Claim: {{claim}}   Payer claim number: {{payer_claim_number}}
Date of service: {{date_of_service}}   Procedure: {{procedure}}
Payment: {{payment}}

Under our agreement "{{contract}}" ({{contract_dates}}), the allowed amount for this service is {{expected}}. Your remittance allowed {{allowed}} and paid {{paid}}, adjusting it for:
{{adjustments}}

The contract provides:
{{contract_terms}}

The service was underpaid by {{difference}}. Please reprocess the line at the contracted rate and remit the difference, or tell us in writing which term of the agreement you applied.

Sincerely,
{{billing_company}}, on behalf of {{provider}}`,
  es: `{{today}}

{{payer}}
Departamento de disputas de proveedores / apelaciones

Asunto: Pago por debajo de la tarifa contratada
Proveedor: {{provider}}   NPI: {{provider_npi}}   Tax ID: {{provider_tax_id}}
Paciente: {{patient}}   ID de miembro: {{member_id}}
Reclamo: {{claim}}   Número de reclamo del pagador: {{payer_claim_number}}
Fecha de servicio: {{date_of_service}}   Procedimiento: {{procedure}}
Pago: {{payment}}

Según nuestro acuerdo "{{contract}}" ({{contract_dates}}), el monto permitido para este servicio es {{expected}}. Su remesa permitió {{allowed}} y pagó {{paid}}, ajustándolo por:
{{adjustments}}

El contrato establece:
{{contract_terms}}

El servicio se pagó de menos por {{difference}}. Les pedimos reprocesar la línea a la tarifa contratada y remitir la diferencia, o indicarnos por escrito qué término del acuerdo aplicaron.

Atentamente,
{{billing_company}}, en nombre de {{provider}}`,
};
