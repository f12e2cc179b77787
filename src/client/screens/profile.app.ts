import { registerApp } from '../apps/app-registry.ts';

registerApp({ key: 'profile', names: ['Profile', 'Setting'], load: () => import('./ProfileScreen.tsx') });
