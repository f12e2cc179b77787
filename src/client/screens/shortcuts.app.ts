import { registerApp } from '../apps/app-registry.ts';

registerApp({
  key: 'shortcuts',
  names: ['Shortcuts'],
  size: { width: 1280, height: 600 },
  load: () => import('./ShortcutsScreen.tsx'),
});
