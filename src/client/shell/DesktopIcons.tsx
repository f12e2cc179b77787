import { Box, ButtonBase, Typography } from '@mui/material';
import { appLabel, useT } from '../i18n/i18n.ts';
import type { DesktopApp } from './app-catalogue.ts';
import { useShell } from './shell-context.ts';
import { AppIcon } from './app-icons.tsx';

export function DesktopIcons({ apps }: { apps: DesktopApp[] }) {
  const t = useT();
  const { open } = useShell();
  return (
    <Box
      component="nav"
      aria-label={t('shell.desktop')}
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        display: 'grid',
        gridAutoFlow: 'column',
        gridTemplateRows: 'repeat(auto-fill, 96px)',
        gap: 1,
        height: 'calc(100% - 24px)',
      }}
    >
      {apps.map((a) => (
        <ButtonBase
          key={a.name}
          onDoubleClick={() => open(a)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') open(a);
          }}
          aria-label={appLabel(t, a.name)}
          data-testid={`icon-${a.name}`}
          sx={{
            width: 92,
            height: 92,
            flexDirection: 'column',
            borderRadius: 2,
            color: '#fff',
            textShadow: '0 1px 3px rgba(0,0,0,.9)',
            '&:hover, &:focus-visible': { bgcolor: 'rgba(255,255,255,.18)' },
          }}
        >
          <AppIcon name={a.name} size={36} />
          <Typography sx={{ fontSize: 12, fontWeight: 600, lineHeight: 1.2, textAlign: 'center' }}>
            {appLabel(t, a.name)}
          </Typography>
        </ButtonBase>
      ))}
    </Box>
  );
}
