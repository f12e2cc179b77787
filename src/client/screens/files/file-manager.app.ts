import { registerApp } from '../../apps/app-registry.ts';

// Document 1: File Manager is 300 wide at least; taller than its minimum so a page of documents shows.
registerApp({
  key: 'file-manager',
  names: ['File Manager'],
  size: { width: 300, height: 520, minWidth: 300 },
  load: () => import('./FileManager.tsx'),
});
