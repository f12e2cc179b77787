import { Box, Button, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Loading } from '../app/Loading.tsx';
import { schemaLabel, sectionTitle, useI18n } from '../i18n/i18n.ts';
import { orderedFields, type ClientEntity } from '../schema/entities.ts';
import { ChildRecords } from './ChildRecords.tsx';
import { FieldValue } from './FieldValue.tsx';
import type { Permissions, View } from './ResourceWindow.tsx';
import { UserActions } from './UserActions.tsx';

/** A record's fields by section, with edit and history when the role allows them. */
export function ResourceShow({ entity, id, perms, go }: { entity: ClientEntity; id: number; perms: Permissions; go(v: View): void }) {
  const { t, locale } = useI18n();
  const { data, isPending, error } = useGetOne<Record<string, unknown> & { id: number }>(entity.name, { id });
  if (isPending) return <Loading />;
  if (error || !data) return <Box sx={{ p: 2 }}><Typography role="alert">{(error as Error)?.message}</Typography><Button onClick={() => go({ kind: 'list' })}>{t('record.back')}</Button></Box>;
  const fields = orderedFields(entity, (_n, f) => !f.writeOnly && !f['x-db']?.secret);
  const sections = [...new Set(fields.map(([, f]) => f['x-ui']?.section ?? ''))];
  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600, flex: 1 }}>{String(data.display_name ?? data.id)}</Typography>
        <Button onClick={() => go({ kind: 'list' })}>{t('record.back')}</Button>
        {perms.history && <Button variant="outlined" onClick={() => go({ kind: 'history', id })}>{t('record.history')}</Button>}
        {perms.edit && <Button variant="contained" onClick={() => go({ kind: 'edit', id })}>{t('record.edit')}</Button>}
      </Box>
      {entity.name === 'user' && <UserActions user={data} />}
      {sections.map((s) => (
        <Box component="section" key={s || 'main'} sx={{ mb: 2 }}>
          {s && <Typography variant="h4" sx={{ fontSize: 15, fontWeight: 700, color: 'primary.dark', mb: 1 }}>{sectionTitle(t, s)}</Typography>}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {fields.filter(([, f]) => (f['x-ui']?.section ?? '') === s).map(([name, f]) => (
              <Box key={name} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>{schemaLabel(f, locale, name)}</Box>
                <Box component="dd" sx={{ m: 0 }} data-testid={`field-${name}`}><FieldValue field={f} value={data[name]} /></Box>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      <ChildRecords parent={entity} record={data} />
    </Box>
  );
}
