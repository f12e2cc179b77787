import { openRecord } from './open-record.ts';
import { Box, InputBase, List, ListItemButton, ListItemText, Paper, Popper } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { appLabel, useT } from '../i18n/i18n.ts';
import { api } from '../session/api.ts';
import { entityByModule } from '../schema/entities.ts';
import { useShell } from './shell-context.ts';

interface Hit {
  entity: string;
  id: number;
  name: string;
  module: string;
  route: string | null;
}
export const SPOTLIGHT_MIN = 3;

/**
 * Spotlight: 3 or more characters; the apps whose name holds them first (the person's own, in their
 * language), then 5 records, each named by the window it opens in; a result opens there; view all
 * opens the search window.
 */
export function Spotlight() {
  const t = useT();
  const { openByName, apps } = useShell();
  const [term, setTerm] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const latest = useRef(0);

  useEffect(() => {
    if (term.trim().length < SPOTLIGHT_MIN) {
      setHits(null);
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      // Only the latest request may answer; spotlight only logs its errors (document 1 §8).
      api<Hit[]>(`/search/${encodeURIComponent(term.trim())}`)
        .then((r) => {
          if (ticket === latest.current) setHits(r);
        })
        .catch((e) => console.warn('spotlight', e));
    }, 250);
    return () => clearTimeout(timer);
  }, [term]);

  const appOf = (h: Hit) => {
    const e = entityByModule(h.module) ?? entityByModule(h.entity);
    return apps.find((a) => a.entity && e && a.entity.name === e.name) ?? apps.find((a) => a.route === h.route);
  };
  const openHit = (h: Hit) => {
    const app = appOf(h);
    if (app) openRecord(openByName, app.name, h.id);
    setTerm('');
  };
  const words = term.trim().toLowerCase();
  const appHits =
    hits === null
      ? []
      : apps.filter((a) => appLabel(t, a.name).toLowerCase().includes(words) || a.name.toLowerCase().includes(words));

  return (
    <Box ref={anchor} sx={{ position: 'relative' }}>
      <InputBase
        id="spotlight-input"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={t('shell.search_placeholder')}
        inputProps={{ 'aria-label': t('shell.search'), role: 'combobox', 'aria-expanded': !!hits }}
        sx={{ bgcolor: 'rgba(255,255,255,.92)', color: '#111', borderRadius: 2, px: 1.5, width: 260, fontSize: 14 }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setTerm('');
        }}
      />
      <Popper open={!!hits} anchorEl={anchor.current} placement="top-start" sx={{ zIndex: 12000 }}>
        <Paper sx={{ width: 360 }} data-testid="spotlight-results">
          <List dense aria-label={t('shell.search')}>
            {hits?.length === 0 && !appHits.length && <ListItemText sx={{ px: 2 }} primary={t('shell.no_results')} />}
            {appHits.map((a) => (
              <ListItemButton
                key={`app-${a.name}`}
                onClick={() => {
                  openByName(a.name);
                  setTerm('');
                }}
              >
                <ListItemText primary={appLabel(t, a.name)} secondary={t('shell.app')} />
              </ListItemButton>
            ))}
            {hits?.map((h) => {
              const app = appOf(h);
              return (
                <ListItemButton key={`${h.entity}-${h.id}`} onClick={() => openHit(h)}>
                  <ListItemText primary={h.name} secondary={app ? appLabel(t, app.name) : undefined} />
                </ListItemButton>
              );
            })}
            {!!hits?.length && (
              <ListItemButton
                onClick={() => {
                  sessionStorage.setItem('search-term', term.trim());
                  openByName('Search');
                  setTerm('');
                }}
              >
                <ListItemText
                  primary={t('shell.view_all')}
                  primaryTypographyProps={{ color: 'primary', fontWeight: 600 }}
                />
              </ListItemButton>
            )}
          </List>
        </Paper>
      </Popper>
    </Box>
  );
}
