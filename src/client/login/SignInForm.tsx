import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isoToUsDate } from '../../domain/formats.ts';
import { useI18n } from '../i18n/i18n.ts';
import { showToast } from '../notify/toast-store.ts';
import { TwoStepSignIn } from '../screens/profile/TwoStepSignIn.tsx';
import { ApiError, api } from '../session/api.ts';
import { forgetSignedOutReason, signedOutReason } from '../session/logout.ts';
import { passkeyRefused, signWithPasskey } from '../session/passkey-ceremony.ts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { getDeviceToken, saveDeviceToken, saveSession } from '../session/session-store.ts';

interface LoginAnswer {
  access_token: string;
  expires_in: number;
  device_token?: string;
  /** the role requires an authenticator not set up yet: by when, and whether the time is up */
  mfa_enrolment_due_at?: string | null;
  mfa_enrolment_required?: boolean;
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SignInForm({ onForgotPassword, onForgotUser }: { onForgotPassword(): void; onForgotUser(): void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  // Signed in, but the role's time to set up an authenticator is up: that comes first.
  const [enrol, setEnrol] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [demoCode, setDemoCode] = useState<string | null>(null);
  // Two-step sign-in: a code from the person's authenticator app (or a recovery code) after the password.
  const [totp, setTotp] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  // The person has passkeys: the server's options (its challenge) for the browser to sign with one.
  const [passkeyOptions, setPasskeyOptions] = useState<PublicKeyCredentialRequestOptionsJSON | null>(null);
  const [message, setMessage] = useState<{ severity: 'error' | 'warning' | 'info'; text: string } | null>(() => {
    const reason = signedOutReason();
    return reason ? { severity: 'warning', text: reason } : null;
  });
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const emailError = touched && !EMAIL.test(email.trim()) ? t('login.email_invalid') : '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!EMAIL.test(email.trim()) || !password) return;
    await signIn();
  }

  /** The second step with a passkey: the browser signs the server's challenge, then the sign-in is sent with it. */
  async function signInWithPasskey() {
    if (!passkeyOptions) return;
    try {
      await signIn(await signWithPasskey(passkeyOptions));
    } catch (err) {
      if (passkeyRefused(err)) setMessage({ severity: 'warning', text: t('login.passkey_cancelled') });
      else setMessage({ severity: 'error', text: (err as Error).message });
    }
  }

  async function signIn(passkey?: unknown) {
    setBusy(true);
    setMessage(null);
    try {
      const r = await api<LoginAnswer>('/auth/login', {
        method: 'POST',
        auth: false,
        body: {
          email: email.trim(),
          password,
          code: needsCode ? code.trim() : undefined,
          totp_code: needsTotp && !passkey ? totp.trim() : undefined,
          passkey,
          device_token: getDeviceToken() ?? undefined,
        },
      });
      saveSession(r.access_token, r.expires_in);
      forgetSignedOutReason();
      if (r.device_token) saveDeviceToken(r.device_token);
      if (r.mfa_enrolment_required) return setEnrol(true);
      if (r.mfa_enrolment_due_at)
        showToast('warning', t('login.mfa_due', { date: isoToUsDate(r.mfa_enrolment_due_at.slice(0, 10)) }));
      navigate('/desktop');
    } catch (err) {
      const e2 = err as ApiError;
      if (e2.status === 403 && e2.body?.new_device) {
        setNeedsCode(true);
        // A demo account on an installation with no mail server: the server says the code it could send nowhere.
        if (typeof e2.body.demo_code === 'string') setDemoCode(e2.body.demo_code);
      }
      if (e2.status === 403 && e2.body?.mfa_required) {
        setNeedsTotp(true);
        setPasskeyOptions((e2.body.passkey_options as PublicKeyCredentialRequestOptionsJSON | undefined) ?? null);
      }
      // Someone with passkeys and no authenticator app is told of the passkey, not of an app they do not have.
      const passkeyOnly = e2.body?.passkey_options && e2.body.totp === false && e2.body.code === 'mfa_code_required';
      // The server's terse "Bad Credentials" (the spec's) is said to a person as a sentence that tells them what to do.
      const text = passkeyOnly
        ? t('login.passkey_step')
        : /^(Bad Credentials|Credenciales incorrectas)$/.test(e2.message)
          ? t('login.bad_credentials')
          : e2.message;
      setMessage({ severity: e2.status === 429 ? 'warning' : e2.status === 403 ? 'info' : 'error', text });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    await api('/auth/send-email-code', { method: 'POST', auth: false, body: { email: email.trim() } }).catch(
      () => undefined,
    );
    setMessage({ severity: 'info', text: t('login.code_sent') });
  }

  if (enrol)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="info">{t('login.mfa_enrolment_required')}</Alert>
        <TwoStepSignIn onContinue={() => navigate('/desktop')} />
      </Box>
    );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {message && (
        <Alert severity={message.severity} role="alert">
          {message.text}
        </Alert>
      )}
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setTouched(true)}
        error={!!emailError}
        helperText={emailError || ' '}
        required
        autoFocus
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        error={touched && !password}
        helperText={touched && !password ? t('login.required') : ' '}
      />
      {needsTotp && !!passkeyOptions && (
        <Button variant="contained" onClick={() => void signInWithPasskey()} disabled={busy}>
          {t('login.use_passkey')}
        </Button>
      )}
      {needsTotp && (
        <TextField
          label={t('login.totp_code')}
          value={totp}
          autoFocus
          onChange={(e) => setTotp(e.target.value.slice(0, 11))}
          helperText={t('login.totp_help')}
          slotProps={{ htmlInput: { maxLength: 11, autoComplete: 'one-time-code', inputMode: 'text' } }}
        />
      )}
      {needsCode && (
        <>
          {demoCode && (
            <Alert severity="info" data-testid="demo-code">
              {t('login.demo_code', { code: demoCode })}
            </Alert>
          )}
          <TextField
            label={t('login.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase().slice(0, 6))}
            helperText={t('login.code_help')}
            slotProps={{ htmlInput: { maxLength: 6, autoComplete: 'one-time-code' } }}
          />
          <Link component="button" type="button" onClick={resend}>
            {t('login.resend_code')}
          </Link>
        </>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('login.sign_in')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link component="button" type="button" onClick={onForgotPassword}>
          {t('login.forgot_password')}
        </Link>
        <Link component="button" type="button" onClick={onForgotUser}>
          {t('login.forgot_user')}
        </Link>
      </Box>
    </Box>
  );
}
