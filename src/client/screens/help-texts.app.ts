import { registerApp } from '../apps/app-registry.ts';

registerApp({ key: 'guidelines', names: ['Guidelines'], load: () => import('./HelpText.tsx').then((m) => ({ default: m.GuidelinesText })) });
