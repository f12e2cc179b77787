import { registerApp } from '../../apps/app-registry.ts';

// Document 1: Medical Store is a 300x500 window, calculator-like; here it is the front desk's cost estimator.
registerApp({
  key: 'medical-store',
  names: ['Medical Store'],
  size: { width: 300, height: 500 },
  load: () => import('./MedicalStore.tsx'),
});
