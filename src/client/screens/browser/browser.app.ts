import { registerApp } from '../../apps/app-registry.ts';

registerApp({
  key: 'web-browser',
  names: ['Web Browser'],
  size: { width: 560, height: 600 },
  load: () => import('./WebBrowser.tsx'),
});
