import { registerApp } from '../../apps/app-registry.ts';

registerApp({
  key: 'widgets',
  names: ['Widgets'],
  size: { width: 520, height: 420 },
  load: () => import('./WidgetsScreen.tsx'),
});
