import { Box, List, ListItemButton, ListItemIcon, ListItemText, Popover, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { appLabel, useT } from '../i18n/i18n.ts';
import { useShell } from './shell-context.ts';
import { AppIcon } from './app-icons.tsx';

const CATEGORIES = ['Claims Process', 'Administration', 'Reports and statistics', 'Tools', 'System'];

/** Apps by category, with All first. */
export function StartMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose(): void }) {
  const t = useT();
  const { apps, open } = useShell();
  const [category, setCategory] = useState('All');
  const shown = apps
    .filter((a) => category === 'All' || a.category === category)
    .sort((a, b) => appLabel(t, a.name).localeCompare(appLabel(t, b.name)));
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Box sx={{ display: 'flex', width: 560, height: 440 }} data-testid="start-menu">
        <Tabs
          orientation="vertical"
          value={category}
          onChange={(_e, v) => setCategory(v)}
          sx={{ borderRight: 1, borderColor: 'divider', minWidth: 180 }}
          aria-label={t('shell.start')}
        >
          <Tab value="All" label={t('shell.all')} />
          {CATEGORIES.map((c) => (
            <Tab key={c} value={c} label={t(`shell.categories.${c}`)} />
          ))}
        </Tabs>
        <List
          sx={{ flex: 1, overflow: 'auto' }}
          aria-label={category === 'All' ? t('shell.all') : t(`shell.categories.${category}`)}
        >
          {shown.map((a) => (
            <ListItemButton
              key={a.name}
              onClick={() => {
                // Closed first: an app that fails to open must not leave the menu over the desktop.
                onClose();
                open(a);
              }}
              data-testid={`start-${a.name}`}
            >
              <ListItemIcon aria-hidden sx={{ minWidth: 36 }}>
                <AppIcon name={a.name} />
              </ListItemIcon>
              <ListItemText primary={appLabel(t, a.name)} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Popover>
  );
}
