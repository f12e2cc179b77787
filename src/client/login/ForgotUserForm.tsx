import { Alert, Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/i18n.ts';
import { ApiError, api } from '../session/api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Recovery by e-mail and the last 4 digits of the SSN. */
export function ForgotUserForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [last4, setLast4] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const emailBad = email !== '' && !EMAIL.test(email.trim());
  const last4Bad = last4 !== '' && !/^\d{4}$/.test(last4);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!EMAIL.test(email.trim()) || !/^\d{4}$/.test(last4)) return;
    try {
      const r = await api<{ message: string }>('/auth/forgot-user', {
        method: 'POST',
        auth: false,
        body: { email: email.trim(), ssn_last4: last4 },
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
        error={emailBad}
        helperText={emailBad ? t('login.email_invalid') : ' '}
        required
        autoFocus
      />
      <TextField
        label={t('login.ssn_last4')}
        value={last4}
        onChange={(e) => setLast4(e.target.value.replace(/\D/g, '').slice(0, 4))}
        error={last4Bad}
        helperText={last4Bad ? t('login.ssn_last4_invalid') : ' '}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Button type="submit" variant="contained">
        {t('login.send')}
      </Button>
    </Box>
  );
}
