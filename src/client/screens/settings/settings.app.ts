import { registerApp } from '../../apps/app-registry.ts';

registerApp({
  key: 'settings',
  names: ['Setting'],
  size: { width: 900, height: 560 },
  load: () => import('./SettingsScreen.tsx'),
});
