import { registerApp } from '../apps/app-registry.ts';

registerApp({ key: 'support', names: ['Technical Support'], size: { width: 327, height: 172 }, load: () => import('./HelpText.tsx').then((m) => ({ default: m.SupportText })) });
registerApp({ key: 'guidelines', names: ['Guidelines'], load: () => import('./HelpText.tsx').then((m) => ({ default: m.GuidelinesText })) });
