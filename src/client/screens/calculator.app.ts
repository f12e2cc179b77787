import { registerApp } from '../apps/app-registry.ts';

registerApp({ key: 'calculator', names: ['Calculator'], load: () => import('./Calculator.tsx') });
registerApp({ key: 'medical-store', names: ['Medical Store'], size: { width: 300, height: 500 }, load: () => import('./Calculator.tsx') });
