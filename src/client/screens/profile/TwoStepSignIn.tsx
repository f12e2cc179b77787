import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api } from '../../session/api.ts';
import { Passkeys, type Passkey } from './Passkeys.tsx';

interface Status {
  totp: boolean;
  passkeys: Passkey[];
  recovery_codes_left: number;
}
interface Started {
  secret: string;
  qr_svg: string;
}

/**
 * Two-step sign-in with an authenticator app: set up (scan the QR code or type the secret, then confirm with the code
 * the app shows), the recovery codes shown once to be kept somewhere safe, and turning it off with a code as proof.
 * onContinue: set up at sign-in (the role requires it): once on, a button goes on to the desktop instead of turning
 * it off.
 */
export function TwoStepSignIn({ onContinue }: { onContinue?: () => void } = {}) {
  const { t } = useI18n();
  const [status, setStatus] = useState<Status | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const load = useCallback(
    () =>
      api<Status>('/auth/mfa')
        .then(setStatus)
        .catch((e) => notifyError(t, e)),
    [t],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const act = (run: () => Promise<void>) => async () => {
    try {
      await run();
      setCode('');
      await load();
    } catch (e) {
      notifyError(t, e);
    }
  };
  const start = act(async () => {
    setRecovery(null);
    setStarted(await api<Started>('/auth/mfa/totp', { method: 'POST' }));
  });
  const confirm = act(async () => {
    const r = await api<{ recovery_codes: string[] }>('/auth/mfa/totp/confirm', { method: 'POST', body: { code } });
    setStarted(null);
    setRecovery(r.recovery_codes);
    showToast('success', t('profile.mfa_on'));
  });
  const turnOff = act(async () => {
    await api('/auth/mfa/totp', { method: 'DELETE', body: { code } });
    showToast('success', t('profile.mfa_off'));
  });
  const codeField = (
    <TextField
      size="small"
      label={t('login.totp_code')}
      value={code}
      onChange={(e) => setCode(e.target.value.slice(0, 11))}
      slotProps={{ htmlInput: { autoComplete: 'one-time-code', maxLength: 11 } }}
    />
  );
  return (
    <Box component="section" aria-labelledby="profile-mfa" sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Typography id="profile-mfa" variant="h3" sx={{ fontSize: 16, fontWeight: 600 }}>
        {t('profile.mfa')}
      </Typography>
      {status && !started && (
        <Typography variant="body2">
          {status.totp
            ? t('profile.mfa_is_on', { left: status.recovery_codes_left })
            : status.passkeys.length
              ? t('profile.mfa_is_on_passkeys', { left: status.recovery_codes_left })
              : t('profile.mfa_is_off')}
        </Typography>
      )}
      {recovery && (
        <Alert severity="warning" role="status">
          {t('profile.mfa_recovery_once')}
          <Box
            component="ul"
            aria-label={t('profile.mfa_recovery_codes')}
            sx={{ fontFamily: 'monospace', m: 0, pl: 2 }}
          >
            {recovery.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
        </Alert>
      )}
      {status && !status.totp && !started && (
        <Button variant="outlined" onClick={start} sx={{ justifySelf: 'start' }}>
          {t('profile.mfa_set_up')}
        </Button>
      )}
      {started && (
        <>
          <Typography variant="body2">{t('profile.mfa_scan')}</Typography>
          <Box
            component="img"
            alt={t('profile.mfa_qr')}
            src={`data:image/svg+xml;utf8,${encodeURIComponent(started.qr_svg)}`}
            sx={{ width: 180, height: 180 }}
          />
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {started.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Typography>
          {codeField}
          <Button variant="contained" onClick={confirm} disabled={code.trim().length < 6} sx={{ justifySelf: 'start' }}>
            {t('profile.mfa_confirm')}
          </Button>
        </>
      )}
      {status && !started && <Passkeys passkeys={status.passkeys} onChanged={load} onRecoveryCodes={setRecovery} />}
      {status && (status.totp || status.passkeys.length > 0) && onContinue && (
        <Button variant="contained" onClick={onContinue} sx={{ justifySelf: 'start' }}>
          {t('login.mfa_continue')}
        </Button>
      )}
      {status?.totp && !onContinue && (
        <>
          {codeField}
          <Button
            variant="outlined"
            color="warning"
            onClick={turnOff}
            disabled={code.trim().length < 6}
            sx={{ justifySelf: 'start' }}
          >
            {t('profile.mfa_turn_off')}
          </Button>
        </>
      )}
    </Box>
  );
}
