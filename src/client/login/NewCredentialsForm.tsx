import { Alert, Box, Button, List, ListItem, ListItemIcon, ListItemText, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { checkPassword } from '../../domain/password-policy.ts';
import { useT } from '../i18n/i18n.ts';
import { ApiError, api } from '../session/api.ts';

/** Set a new password from the mailed link; the rule is checked as the person types. */
export function NewCredentialsForm() {
  const t = useT();
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const check = checkPassword(password);
  const rules: Array<[string, boolean]> = [
    ['length', check.length],
    ['lower', check.lower],
    ['upper', check.upper],
    ['digit', check.digit],
    ['special', check.special],
    ['match', password !== '' && password === confirmation],
  ];
  const ok = rules.every(([, v]) => v);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ok) return;
    try {
      const r = await api<{ message: string }>('/auth/reset-password', {
        method: 'POST',
        auth: false,
        body: { token: params.get('token') ?? '', password, password_confirmation: confirmation },
      });
      setAnswer({ ok: true, text: r.message });
    } catch (err) {
      setAnswer({ ok: false, text: (err as ApiError).message });
    }
  }
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {answer && (
        <Alert severity={answer.ok ? 'success' : 'error'} role="alert">
          {answer.text}
        </Alert>
      )}
      <TextField
        label={t('login.new_password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        autoFocus
      />
      <TextField
        label={t('login.confirm_password')}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        required
      />
      <List dense aria-label="Password rules">
        {rules.map(([key, met]) => (
          <ListItem key={key} disableGutters>
            <ListItemIcon sx={{ minWidth: 28, color: met ? 'success.main' : 'text.secondary' }} aria-hidden>
              {met ? '✓' : '•'}
            </ListItemIcon>
            <ListItemText primary={t(`login.rules.${key}`)} sx={{ color: met ? 'success.main' : 'text.secondary' }} />
          </ListItem>
        ))}
      </List>
      <Button type="submit" variant="contained" disabled={!ok}>
        {t('login.set_password')}
      </Button>
      {answer?.ok && (
        <Button component={RouterLink} to="/">
          {t('login.back')}
        </Button>
      )}
    </Box>
  );
}
