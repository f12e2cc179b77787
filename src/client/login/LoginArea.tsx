import { Box, Link, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useT } from '../i18n/i18n.ts';
import { getSession } from '../session/session-store.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { ForgotUserForm } from './ForgotUserForm.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { NewCredentialsForm } from './NewCredentialsForm.tsx';
import { SignInForm } from './SignInForm.tsx';

type View = 'sign-in' | 'forgot-password' | 'forgot-user';

/** The login area of document 1 §2: sign in (with the new-device code), forgot password, forgot user, new password. */
export default function LoginArea() {
  const t = useT();
  const location = useLocation();
  const [view, setView] = useState<View>('sign-in');
  if (location.pathname === '/' && getSession()) return <Navigate to="/desktop" replace />;
  const newCredentials = location.pathname === '/newCredentials';
  const titleKey = newCredentials
    ? 'login.new_password_title'
    : view === 'forgot-password'
      ? 'login.forgot_password_title'
      : view === 'forgot-user'
        ? 'login.forgot_user_title'
        : 'login.title';
  const back = (
    <Link component="button" type="button" onClick={() => setView('sign-in')}>
      {t('login.back')}
    </Link>
  );
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #0b6aa8 0%, #23a3f5 60%, #8fd3ff 100%)',
      }}
    >
      <Paper elevation={6} sx={{ width: 400, maxWidth: '100%', p: 4 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
          <Typography variant="h1" sx={{ fontSize: 24, fontWeight: 600 }}>
            {t(titleKey)}
          </Typography>
          <LanguageSwitch />
        </Box>
        {newCredentials ? (
          <NewCredentialsForm />
        ) : view === 'forgot-password' ? (
          <>
            <ForgotPasswordForm />
            {back}
          </>
        ) : view === 'forgot-user' ? (
          <>
            <ForgotUserForm />
            {back}
          </>
        ) : (
          <SignInForm onForgotPassword={() => setView('forgot-password')} onForgotUser={() => setView('forgot-user')} />
        )}
      </Paper>
    </Box>
  );
}
