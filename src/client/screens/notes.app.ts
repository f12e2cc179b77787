import { registerApp } from '../apps/app-registry.ts';

registerApp({
  key: 'notes',
  names: ['Sticky Notes'],
  size: { width: 300, height: 360, minWidth: 300 },
  load: () => import('./StickyNotes.tsx'),
});
