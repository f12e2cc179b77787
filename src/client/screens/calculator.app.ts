import { registerApp } from '../apps/app-registry.ts';

registerApp({ key: 'calculator', names: ['Calculator'], load: () => import('./Calculator.tsx') });
