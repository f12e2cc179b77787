import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { ApiError, api } from './api.ts';
import { setStepUpAsker, type StepUpMethod } from './step-up.ts';
import { passkeyRefused, signWithPasskey } from './passkey-ceremony.ts';

interface Asking {
  method: StepUpMethod;
  answer(given: boolean): void;
}

/**
 * Asks for the proof a sensitive act needs (changing roles, exporting patients' information) when the last one is
 * older than the server allows: the authenticator's code, or the password. Given, the act goes on by itself.
 */
export function StepUpDialog() {
  const { t } = useI18n();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setStepUpAsker((method) => new Promise<boolean>((answer) => setAsking({ method, answer })));
    return () => setStepUpAsker(null);
  }, []);
  const close = (given: boolean) => {
    asking?.answer(given);
    setAsking(null);
    setValue('');
    setError('');
  };
  const prove = async (body: () => Promise<Record<string, unknown>>) => {
    setBusy(true);
    try {
      await api('/auth/step-up', { method: 'POST', body: await body() });
      close(true);
    } catch (err) {
      const problem = err as ApiError;
      setError(
        passkeyRefused(err)
          ? t('login.passkey_cancelled')
          : (Object.values(problem.errors ?? {}).flat()[0] ?? problem.message),
      );
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!asking) return;
    if (asking.method === 'passkey')
      return prove(async () => {
        // The browser signs a new challenge with one of the person's passkeys.
        return { passkey: await signWithPasskey(await api('/auth/step-up/options', { method: 'POST' })) };
      });
    if (!value.trim()) return;
    await prove(async () => (asking.method === 'totp' ? { code: value.trim() } : { password: value }));
  };
  const label = asking?.method === 'totp' ? t('login.totp_code') : t('login.password');
  return (
    // Above every window and the taskbar: it stands between the person and the act they asked for.
    <Dialog open={!!asking} onClose={() => close(false)} aria-labelledby="step-up-title" sx={{ zIndex: 15000 }}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="step-up-title">{t('stepup.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Typography variant="body2">
            {t(
              asking?.method === 'totp'
                ? 'stepup.explain_totp'
                : asking?.method === 'passkey'
                  ? 'stepup.explain_passkey'
                  : 'stepup.explain_password',
            )}
          </Typography>
          {asking?.method === 'passkey' ? (
            error && (
              <Typography variant="body2" color="error" role="alert">
                {error}
              </Typography>
            )
          ) : (
            <TextField
              autoFocus
              label={label}
              type={asking?.method === 'totp' ? 'text' : 'password'}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={!!error}
              helperText={error || ' '}
              slotProps={{
                htmlInput: { autoComplete: asking?.method === 'totp' ? 'one-time-code' : 'current-password' },
              }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>{t('stepup.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || (asking?.method !== 'passkey' && !value.trim())}>
            {t(asking?.method === 'passkey' ? 'login.use_passkey' : 'stepup.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
