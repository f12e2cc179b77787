import type { RegistryFieldsType } from '@rjsf/utils';
import { ClaimPolicies } from './ClaimPolicies.tsx';
import { DiagnosisEditor } from './DiagnosisEditor.tsx';
import { ServiceLineEditor } from './ServiceLineEditor.tsx';

/** Hand-written form parts a schema names by x-ui.widget where a single widget is not enough (a grid of lines). */
export const claimFields: RegistryFieldsType = {
  'claim-service-lines': ServiceLineEditor,
  'claim-diagnoses': DiagnosisEditor,
  'claim-policies': ClaimPolicies,
};
