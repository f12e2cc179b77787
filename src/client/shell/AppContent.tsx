import { Box, Typography } from '@mui/material';
import { Suspense } from 'react';
import { lazyPreload } from '../app/lazy-preload.ts';
import { Loading } from '../app/Loading.tsx';
import { useT } from '../i18n/i18n.ts';
import type { DesktopApp } from './app-catalogue.ts';

// Each app's screens are their own chunk, loaded when its window first opens.
export const ResourceWindow = lazyPreload(() => import('../resources/ResourceWindow.tsx'));

function NotYet() {
  const t = useT();
  return (
    <Box sx={{ p: 2 }}>
      <Typography>{t('shell.not_available')}</Typography>
    </Box>
  );
}

/** A window's body: the generated screens of an entity, or the screen an app folder registered. */
export function AppContent({ app }: { app: DesktopApp }) {
  const Registered = app.registered?.Component;
  const body =
    app.kind === 'entity' ? (
      <ResourceWindow entity={app.entity!} appName={app.name} />
    ) : Registered ? (
      <Registered appName={app.name} />
    ) : (
      <NotYet />
    );
  return <Suspense fallback={<Loading />}>{body}</Suspense>;
}
