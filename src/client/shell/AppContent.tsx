import { Box, Typography } from '@mui/material';
import { Suspense, lazy } from 'react';
import { lazyPreload } from '../app/lazy-preload.ts';
import { Loading } from '../app/Loading.tsx';
import { useT } from '../i18n/i18n.ts';
import type { DesktopApp } from './app-catalogue.ts';

// Each app's screens are their own chunk, loaded when its window first opens.
export const ResourceWindow = lazyPreload(() => import('../resources/ResourceWindow.tsx'));
const RolesPermissions = lazy(() => import('../screens/RolesPermissions.tsx'));
const ProfileScreen = lazy(() => import('../screens/ProfileScreen.tsx'));
const StickyNotes = lazy(() => import('../screens/StickyNotes.tsx'));
const Calculator = lazy(() => import('../screens/Calculator.tsx'));
const ShortcutsScreen = lazy(() => import('../screens/ShortcutsScreen.tsx'));
const SearchScreen = lazy(() => import('../screens/SearchScreen.tsx'));

function Text({ k }: { k: string }) {
  const t = useT();
  return <Box sx={{ p: 2 }}><Typography>{t(k)}</Typography></Box>;
}

export function AppContent({ app }: { app: DesktopApp }) {
  const body = (() => {
    switch (app.kind) {
      case 'entity': return <ResourceWindow entity={app.entity!} appName={app.name} />;
      case 'roles': return <RolesPermissions />;
      case 'profile': return <ProfileScreen />;
      case 'notes': return <StickyNotes />;
      case 'calculator': return <Calculator />;
      case 'shortcuts': return <ShortcutsScreen />;
      case 'search': return <SearchScreen />;
      case 'support': return <Text k="shell.support_text" />;
      case 'guidelines': return <Text k="shell.guidelines_text" />;
      default: return <Text k="shell.not_available" />;
    }
  })();
  return <Suspense fallback={<Loading />}>{body}</Suspense>;
}
