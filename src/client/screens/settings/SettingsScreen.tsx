import { Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { appLabel, useT } from '../../i18n/i18n.ts';
import { useMe } from '../../shell/me-context.ts';
import { useShell } from '../../shell/shell-context.ts';
import { PreferencesForm } from './PreferencesForm.tsx';

// Where each of the billing company's settings that other modules read is kept, in the order a manager sets them up.
const COMPANY_SETTINGS: Array<{ window: string; what: string }> = [
  { window: 'My Billing Company Management', what: 'settings.what.billing_company' },
  { window: 'Billing Company Management', what: 'settings.what.billing_company' },
  { window: 'Clearing House Management', what: 'settings.what.clearing_house' },
  { window: 'Insurance Management', what: 'settings.what.insurance' },
  { window: 'Company Management', what: 'settings.what.company' },
  { window: 'Status Management', what: 'settings.what.status' },
  { window: 'Guidelines', what: 'settings.what.guidelines' },
  { window: 'User Management', what: 'settings.what.users' },
  { window: 'Role Management', what: 'settings.what.roles' },
  { window: 'Restriction by IP', what: 'settings.what.ip' },
];

/**
 * Settings: the person's own preferences and, for those who manage the billing company, where each of
 * its settings lives (statements, clearing-house connections, timely filing, IP restrictions), one
 * click from its window. Only the windows the person's role opens are offered.
 */
export default function SettingsScreen() {
  const t = useT();
  const { me } = useMe();
  const { openByName } = useShell();
  const offered = new Set(me.menu_by_category.flatMap((c) => c.modules.map((m) => m.name)));
  const company = COMPANY_SETTINGS.filter((s) => offered.has(s.window));
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ p: 2 }}>
      <Tabs
        value={company.length ? tab : 0}
        onChange={(_e, v) => setTab(v)}
        aria-label={t('settings.sections')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label={t('settings.mine')} />
        {company.length > 0 && <Tab label={t('settings.company')} />}
      </Tabs>
      {tab === 0 || !company.length ? (
        <Box sx={{ maxWidth: 420 }}>
          <PreferencesForm />
        </Box>
      ) : (
        <Box
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
          data-testid="company-settings"
        >
          {company.map((s) => (
            <Paper key={s.window} variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {appLabel(t, s.window)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
                {t(s.what)}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => openByName(s.window)}
              >
                {t('settings.open', { window: appLabel(t, s.window) })}
              </Button>
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
