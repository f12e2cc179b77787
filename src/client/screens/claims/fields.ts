import type { RegistryFieldsType } from '@rjsf/utils';
import { ClaimPolicies } from './ClaimPolicies.tsx';
import { DiagnosisEditor } from './DiagnosisEditor.tsx';
import { ServiceLineEditor, type LineLookups } from './ServiceLineEditor.tsx';
import { createElement } from 'react';
import type { FieldProps } from '@rjsf/utils';

const ADMISSION_LOOKUPS: LineLookups = {
  institutional: true,
  procedures: (form) => (form.company_id ? `/admission/procedures/${String(form.company_id)}` : null),
  revenues: (form) => `/admission/revenue-codes${form.program ? `?program=${String(form.program)}` : ''}`,
};
/** An admission's services: the same grid, institutional, looking codes up among its company's programs. */
const AdmissionServiceLines = (p: FieldProps<Array<Record<string, unknown>>>) =>
  createElement(ServiceLineEditor, { ...p, lookups: ADMISSION_LOOKUPS });

/** Hand-written form parts a schema names by x-ui.widget where a single widget is not enough (a grid of lines). */
export const claimFields: RegistryFieldsType = {
  'claim-service-lines': ServiceLineEditor,
  'institutional-service-lines': AdmissionServiceLines,
  'claim-diagnoses': DiagnosisEditor,
  'claim-policies': ClaimPolicies,
};
