/** What POST /medical-store/estimate answers (dev-server/estimates/estimate-routes.ts); amounts in cents. */
export interface EstimateAnswer {
  company: { id: number; name: string };
  plan: { id: number; name: string } | null;
  self_pay: boolean;
  lines: Array<{
    code: string;
    description: string;
    units: number;
    charge: number;
    allowed: number;
    allowed_from: string;
  }>;
  charge: number;
  allowed: number;
  copay: number;
  deductible: number;
  coinsurance: number;
  patient: number;
  insurance: number;
}
