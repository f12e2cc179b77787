import { registerApp } from '../../apps/app-registry.ts';

registerApp({
  key: 'messenger',
  names: ['Messenger'],
  size: { width: 820, height: 560 },
  load: () => import('./MessengerScreen.tsx'),
});
