import { Box, Button, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api } from '../../session/api.ts';
import { backgroundFor } from '../../shell/backgrounds.ts';
import { useMe } from '../../shell/me-context.ts';

const BACKGROUNDS = Array.from({ length: 30 }, (_, i) => i + 1);

/** A person's desktop preferences (language, taskbar position, background, dark mode): in Profile and in Settings. */
export function PreferencesForm() {
  const { t, locale, setLocale } = useI18n();
  const { me, reload } = useMe();
  const [settings, setSettings] = useState({
    language: me.profile.language,
    nav_bar_position: me.profile.nav_bar_position,
    background: me.profile.style.background || 13,
    dark_mode: me.profile.dark_mode,
  });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api('/user/profile', { method: 'PUT', body: settings });
      if (settings.language !== locale) setLocale(settings.language);
      await reload();
      showToast('success', t('toast.saved'));
    } catch (err) {
      notifyError(t, err);
    }
  };
  return (
    <Box component="form" onSubmit={save} aria-labelledby="profile-settings" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="profile-settings" variant="h3" sx={{ fontSize: 16, fontWeight: 600 }}>
        {t('profile.settings')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('profile.language')}
        value={settings.language}
        onChange={(e) => setSettings({ ...settings, language: e.target.value as 'en' | 'es' })}
        data-testid="language-select"
      >
        <MenuItem value="en">{t('profile.english')}</MenuItem>
        <MenuItem value="es">{t('profile.spanish')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('profile.nav_bar_position')}
        value={settings.nav_bar_position}
        onChange={(e) => setSettings({ ...settings, nav_bar_position: e.target.value })}
      >
        {['bottom', 'left', 'right', 'top'].map((p) => (
          <MenuItem key={p} value={p}>
            {t(`profile.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      {/* The background is chosen by looking at it, not by its number. */}
      <Box role="group" aria-labelledby="profile-background">
        <Typography id="profile-background" variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {t('profile.background')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 24px)', gap: 0.5 }}>
          {BACKGROUNDS.map((n) => (
            <Box
              key={n}
              component="button"
              type="button"
              aria-label={t('profile.background_n', { n })}
              aria-pressed={settings.background === n}
              onClick={() => setSettings({ ...settings, background: n })}
              sx={{
                width: 24,
                height: 24,
                p: 0,
                borderRadius: 0.5,
                cursor: 'pointer',
                background: backgroundFor(n, settings.dark_mode),
                border: 2,
                borderColor: settings.background === n ? 'text.primary' : 'transparent',
                outlineOffset: 1,
              }}
            />
          ))}
        </Box>
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={settings.dark_mode}
            onChange={(e) => setSettings({ ...settings, dark_mode: e.target.checked })}
          />
        }
        label={t('profile.dark_mode')}
      />
      <Button type="submit" variant="contained" data-testid="save-settings">
        {t('profile.save')}
      </Button>
    </Box>
  );
}
