import { openRecord } from '../shell/open-record.ts';
import { actionSlug } from '../../platform/route-plan.ts';
import { Box, List, ListItemButton, ListItemText, ListSubheader, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { fetchPage } from '../data/data-provider.ts';
import { useI18n } from '../i18n/i18n.ts';
import { entities } from '../schema/entities.ts';
import { useMe } from '../shell/me-context.ts';
import { can } from '../shell/me.ts';
import { useShell } from '../shell/shell-context.ts';

type Hit = { id: number; display_name?: string };

/** Spotlight's "view all": every searchable module the person may view, ten hits each. */
export default function SearchScreen() {
  const { t, locale } = useI18n();
  const { me } = useMe();
  const { apps, openByName } = useShell();
  const [term, setTerm] = useState(() => sessionStorage.getItem('search-term') ?? '');
  const [results, setResults] = useState<Array<{ entity: string; title: string; hits: Hit[] }>>([]);
  useEffect(() => {
    if (term.trim().length < 3) {
      setResults([]);
      return;
    }
    let live = true;
    const visible = entities.filter(
      (e) =>
        Object.values(e.schema.properties).some((f) => f['x-list']?.searchable) &&
        can(me, actionSlug(e.resource, 'view')),
    );
    Promise.all(
      visible.map(async (e) => ({
        entity: e.name,
        title: (locale === 'es' ? e.resource.label_es : undefined) ?? e.schema.title,
        hits: (await fetchPage(e.name, { query: term.trim(), itemsPerPage: 10 }).catch(() => ({ data: [] })))
          .data as Hit[],
      })),
    ).then((r) => {
      if (live) setResults(r.filter((x) => x.hits.length));
    });
    return () => {
      live = false;
    };
  }, [term, me, locale]);
  return (
    <Box sx={{ p: 2 }}>
      <TextField
        fullWidth
        size="small"
        label={t('shell.search')}
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        autoFocus
      />
      <List>
        {results.map((r) => (
          <li key={r.entity}>
            <ul style={{ padding: 0 }}>
              <ListSubheader>{r.title}</ListSubheader>
              {r.hits.map((h) => {
                const app = apps.find((a) => a.entity?.name === r.entity);
                return (
                  <ListItemButton
                    key={h.id}
                    disabled={!app}
                    onClick={() => {
                      if (app) openRecord(openByName, app.name, h.id);
                    }}
                  >
                    <ListItemText primary={h.display_name ?? h.id} />
                  </ListItemButton>
                );
              })}
            </ul>
          </li>
        ))}
      </List>
    </Box>
  );
}
