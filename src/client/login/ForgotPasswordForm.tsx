import { Alert, Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/i18n.ts';
import { ApiError, api } from '../session/api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPasswordForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const invalid = email !== '' && !EMAIL.test(email.trim());
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!EMAIL.test(email.trim())) return;
    try {
      const r = await api<{ message: string }>('/auth/forgot-password', {
        method: 'POST',
        auth: false,
        body: { email: email.trim() },
      });
      setAnswer({ ok: true, text: r.message });
    } catch (err) {
      setAnswer({ ok: false, text: (err as ApiError).message });
    }
  }
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, mb: 2 }}>
      {answer && (
        <Alert severity={answer.ok ? 'success' : 'error'} role="alert">
          {answer.text}
        </Alert>
      )}
      <TextField
        label={t('login.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={invalid}
        helperText={invalid ? t('login.email_invalid') : ' '}
        required
        autoFocus
      />
      <Button type="submit" variant="contained">
        {t('login.send')}
      </Button>
    </Box>
  );
}
