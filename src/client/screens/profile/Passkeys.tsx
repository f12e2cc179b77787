import { Box, Button, IconButton, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n.ts';
import { momentText } from '../../i18n/moments.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api } from '../../session/api.ts';
import { makePasskey, passkeyRefused } from '../../session/passkey-ceremony.ts';

export interface Passkey {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/**
 * A person's passkeys: each with when it was added and last used, removable; a new one named (the device it is on)
 * and made by the browser. The first second step a person takes gives them recovery codes (onRecoveryCodes).
 */
export function Passkeys({
  passkeys,
  onChanged,
  onRecoveryCodes,
}: {
  passkeys: Passkey[];
  onChanged: () => Promise<void>;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t, locale } = useI18n();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const add = async () => {
    setBusy(true);
    try {
      const response = await makePasskey(await api('/auth/mfa/passkey/options', { method: 'POST' }));
      const r = await api<{ recovery_codes: string[] | null }>('/auth/mfa/passkey', {
        method: 'POST',
        body: { name: name.trim(), response },
      });
      setName('');
      if (r.recovery_codes) onRecoveryCodes(r.recovery_codes);
      showToast('success', t('profile.passkey_added'));
      await onChanged();
    } catch (e) {
      if (passkeyRefused(e)) showToast('warning', t('profile.passkey_cancelled'));
      else notifyError(t, e);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (p: Passkey) => {
    try {
      await api(`/auth/mfa/passkey/${p.id}`, { method: 'DELETE' });
      showToast('success', t('profile.passkey_removed', { name: p.name }));
      await onChanged();
    } catch (e) {
      notifyError(t, e);
    }
  };

  return (
    <Box component="section" aria-labelledby="profile-passkeys" sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
      <Typography id="profile-passkeys" variant="h3" sx={{ fontSize: 15, fontWeight: 600 }}>
        {t('profile.passkeys')}
      </Typography>
      <Typography variant="body2">{t('profile.passkeys_explain')}</Typography>
      {passkeys.length > 0 && (
        <List dense aria-label={t('profile.passkeys')}>
          {passkeys.map((p) => (
            <ListItem
              key={p.id}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('profile.passkey_remove', { name: p.name })}
                  onClick={() => void remove(p)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={p.name}
                secondary={t('profile.passkey_dates', {
                  added: momentText(p.created_at, locale),
                  used: p.last_used_at ? momentText(p.last_used_at, locale) : t('profile.passkey_never_used'),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {supported ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('profile.passkey_name')}
            value={name}
            onChange={(e) => setName(e.target.value.slice(0, 60))}
          />
          <Button variant="outlined" onClick={() => void add()} disabled={busy || !name.trim()}>
            {t('profile.passkey_add')}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('profile.passkeys_unsupported')}
        </Typography>
      )}
    </Box>
  );
}
