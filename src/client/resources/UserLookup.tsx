import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { maskDigits } from '../../domain/date-entry.ts';
import { useT } from '../i18n/i18n.ts';
import { ApiError, api } from '../session/api.ts';
import type { View } from './ResourceWindow.tsx';

/** A person of the caller's billing companies; one of another company is answered as not found (404). */
interface Card {
  message: string;
  user?: { id: number; first_name: string; last_name: string; email: string; ssn_last4?: string };
  in_my_billing_company: boolean;
}

/** Adding a user starts with a look-up by SSN or e-mail, so the same person is not created twice. */
export function UserLookup({ go }: { go(v: View): void }) {
  const t = useT();
  const [ssn, setSsn] = useState('');
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Card | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFound(null);
    setMissing(null);
    try {
      const r = ssn
        ? await api<Card>(`/user/${ssn}/get-by-ssn`)
        : await api<Card>('/user/search', { query: { email: email.trim() } });
      setFound(r);
    } catch (err) {
      setMissing((err as ApiError).message);
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 520 }}>
      <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600 }}>
        {t('users.lookup_title')}
      </Typography>
      <TextField
        size="small"
        label={t('users.lookup_ssn')}
        value={ssn}
        placeholder="xxx-xx-xxxx"
        onChange={(e) => {
          setSsn(maskDigits(e.target.value, 'ssn'));
          setEmail('');
        }}
      />
      <TextField
        size="small"
        label={t('users.lookup_email')}
        type="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setSsn('');
        }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={() => go({ kind: 'list' })}>{t('record.back')}</Button>
        <Button type="submit" variant="contained" disabled={!ssn && !email}>
          {t('users.lookup')}
        </Button>
      </Box>
      {found && (
        <Alert
          severity="warning"
          action={
            found.user ? (
              <Button onClick={() => go({ kind: 'show', id: found.user!.id })}>{t('record.show')}</Button>
            ) : undefined
          }
        >
          {found.message}
          {found.user ? `: ${found.user.first_name} ${found.user.last_name} (${found.user.email})` : ''}
        </Alert>
      )}
      {missing && (
        <Alert
          severity="info"
          action={
            <Button
              onClick={() =>
                go({ kind: 'create', initial: { ...(email ? { email: email.trim() } : {}), ...(ssn ? { ssn } : {}) } })
              }
            >
              {t('users.continue_new')}
            </Button>
          }
        >
          {missing}
        </Alert>
      )}
    </Box>
  );
}
