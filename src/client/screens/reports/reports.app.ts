import { registerApp } from '../../apps/app-registry.ts';

// Document 1 §2: the Reports window is the viewport minus 100 in each direction.
registerApp({
  key: 'reports',
  names: ['Reports'],
  permission: 'report.view',
  size: (v) => ({ width: v.width - 100, height: v.height - 100 }),
  load: () => import('./ReportsScreen.tsx'),
});
