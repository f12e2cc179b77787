import { registerApp } from '../../apps/app-registry.ts';

// Document 1 §2: the Ledger window is 1024x500.
registerApp({
  key: 'ledger',
  names: ['Ledger Management'],
  permission: 'ledger.view',
  size: { width: 1024, height: 500 },
  load: () => import('./LedgerScreen.tsx'),
});
