import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import { api } from '../session/api.ts';
import { entityByName } from '../schema/entities.ts';

type Network = { network?: string; link?: string };
// The networks offered are the user schema's own list, so the form and the server agree.
const NETWORKS =
  (
    entityByName('user')?.schema.properties.social_networks as
      | { items?: { properties?: { network?: { enum?: string[] } } } }
      | undefined
  )?.items?.properties?.network?.enum ?? [];

/** One's social networks: a network must be chosen when a link is given (checked here and on the server). */
export function SocialNetworksEditor({ userId }: { userId: number }) {
  const t = useT();
  const [rows, setRows] = useState<Network[]>([]);
  useEffect(() => {
    api<{ social_networks?: Network[] }>('/user/profile')
      .then((p) => setRows(p.social_networks ?? []))
      .catch(() => undefined);
  }, []);
  const set = (i: number, patch: Network) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const missing = rows.map((r) => !!r.link?.trim() && !r.network);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (missing.some(Boolean)) return;
    try {
      await api(`/user/social-medias/${userId}`, {
        method: 'PATCH',
        body: { social_networks: rows.filter((r) => r.network || r.link) },
      });
      showToast('success', t('toast.saved'));
    } catch (err) {
      notifyError(t, err);
    }
  };
  return (
    // Rows keep their own height when the column beside them is taller (no Save button stretched into a block).
    <Box
      component="form"
      onSubmit={save}
      aria-labelledby="profile-social"
      sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Typography id="profile-social" variant="h3" sx={{ fontSize: 16, fontWeight: 600 }}>
        {t('profile.social')}
      </Typography>
      {rows.map((r, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={t('profile.network')}
            value={r.network ?? ''}
            onChange={(e) => set(i, { network: e.target.value || undefined })}
            sx={{ width: 150 }}
            error={missing[i]}
            helperText={missing[i] ? t('validation.required') : ' '}
          >
            {NETWORKS.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('profile.link')}
            value={r.link ?? ''}
            onChange={(e) => set(i, { link: e.target.value })}
            sx={{ flex: 1 }}
            helperText=" "
          />
          <IconButton aria-label={t('record.cancel')} onClick={() => setRows((x) => x.filter((_, j) => j !== i))}>
            <Delete />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button onClick={() => setRows((r) => [...r, {}])}>{t('profile.add_network')}</Button>
        <Button type="submit" variant="contained">
          {t('profile.save')}
        </Button>
      </Box>
    </Box>
  );
}
