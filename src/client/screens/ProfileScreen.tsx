import { Avatar, Box, Button, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { checkPassword } from '../../domain/password-policy.ts';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { showToast } from '../notify/toast-store.ts';
import { api } from '../session/api.ts';
import { useMe } from '../shell/me-context.ts';
import { enqueueUpload } from '../shell/upload-queue.ts';
import { SocialNetworksEditor } from './SocialNetworksEditor.tsx';
import { PreferencesForm } from './settings/PreferencesForm.tsx';
import { MySessions } from './profile/MySessions.tsx';
import { TwoStepSignIn } from './profile/TwoStepSignIn.tsx';

const MAX_PHOTO = 1024 * 1024;

/** Photo, password, social networks and the desktop preferences (language, taskbar position, background, dark mode). */
export default function ProfileScreen() {
  const { t } = useI18n();
  const { me, reload } = useMe();
  const [pw, setPw] = useState({ current_password: '', password: '', password_confirmation: '' });

  const uploadPhoto = (file: File) => {
    if (file.size >= MAX_PHOTO || !file.type.startsWith('image/')) {
      notifyError(t, 'The photo does not meet the parameters');
      return;
    }
    enqueueUpload(file.name, async () => {
      const form = new FormData();
      form.append('img', file);
      await api('/user/img-profile', { method: 'POST', body: form });
      await reload();
    });
  };
  const changePassword = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await api<{ message: string }>('/user/update-password', { method: 'POST', body: pw });
      showToast('success', r.message);
      setPw({ current_password: '', password: '', password_confirmation: '' });
    } catch (err) {
      notifyError(t, err);
    }
  };
  const rules = checkPassword(pw.password);

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}>
      <Box component="section" aria-labelledby="profile-photo">
        <Typography id="profile-photo" variant="h3" sx={{ fontSize: 16, fontWeight: 600, mb: 1 }}>
          {t('profile.photo')}
        </Typography>
        <Avatar src={me.user.photo ? `./${me.user.photo}` : undefined} alt="" sx={{ width: 96, height: 96, mb: 1 }} />
        <Button variant="outlined" component="label">
          {t('profile.change_photo')}
          <input
            hidden
            type="file"
            accept="image/*"
            onChange={(e) => e.target.files?.[0] && uploadPhoto(e.target.files[0])}
          />
        </Button>
      </Box>
      <Box
        component="form"
        onSubmit={changePassword}
        aria-labelledby="profile-password"
        sx={{ display: 'grid', gap: 1.5 }}
      >
        <Typography id="profile-password" variant="h3" sx={{ fontSize: 16, fontWeight: 600 }}>
          {t('profile.change_password')}
        </Typography>
        <TextField
          size="small"
          type="password"
          label={t('profile.current_password')}
          autoComplete="current-password"
          value={pw.current_password}
          onChange={(e) => setPw({ ...pw, current_password: e.target.value })}
        />
        <TextField
          size="small"
          type="password"
          label={t('login.new_password')}
          autoComplete="new-password"
          value={pw.password}
          onChange={(e) => setPw({ ...pw, password: e.target.value })}
          helperText={
            Object.entries(rules)
              .filter(([, ok]) => !ok)
              .map(([k]) => t(`login.rules.${k}`))
              .join(' · ') || ' '
          }
        />
        <TextField
          size="small"
          type="password"
          label={t('login.confirm_password')}
          autoComplete="new-password"
          value={pw.password_confirmation}
          onChange={(e) => setPw({ ...pw, password_confirmation: e.target.value })}
          error={!!pw.password_confirmation && pw.password_confirmation !== pw.password}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={
            !Object.values(rules).every(Boolean) || pw.password !== pw.password_confirmation || !pw.current_password
          }
        >
          {t('profile.save')}
        </Button>
      </Box>
      <SocialNetworksEditor userId={me.user.id} />
      <PreferencesForm />
      <TwoStepSignIn />
      <MySessions />
    </Box>
  );
}
