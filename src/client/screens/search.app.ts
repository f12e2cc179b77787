import { registerApp } from '../apps/app-registry.ts';

registerApp({ key: 'search', names: ['Search'], load: () => import('./SearchScreen.tsx') });
