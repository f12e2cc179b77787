import { registerApp } from '../apps/app-registry.ts';

registerApp({ key: 'profile', names: ['Profile'], load: () => import('./ProfileScreen.tsx') });
