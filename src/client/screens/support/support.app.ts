import { registerApp } from '../../apps/app-registry.ts';

// Document 1: Technical Support opens 327x172; its form and its list open as dialogs above the desktop.
registerApp({
  key: 'support',
  names: ['Technical Support'],
  size: { width: 327, height: 172 },
  load: () => import('./TechnicalSupport.tsx'),
});
