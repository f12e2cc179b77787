import {
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api, ApiError } from '../../session/api.ts';

/** A role's sign-in hours as the server keeps them: ISO week days (1 Monday), HH:MM times, an IANA time zone. */
export interface LoginHours {
  days: number[];
  from: string;
  to: string;
  time_zone: string;
}

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Where this browser is: the first guess for a billing company's wall clock. */
const HERE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
const OFFICE: LoginHours = { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00', time_zone: HERE };
/** The browser's IANA zones, with UTC (which browsers leave out of the list) and this one's own. */
const zones = (): string[] => {
  const all = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
  return [...new Set([...(all ?? []), HERE, 'UTC'])].sort();
};

/**
 * When a role's people may sign in and work: off (any time) or days and hours on the billing company's clock. Saved
 * as one change (the server refuses hours that make no sense, each on its field, and never limits Super Users).
 */
export function LoginHoursEditor({
  roleId,
  roleName,
  value,
  onSaved,
}: {
  roleId: number;
  roleName: string;
  value: LoginHours | null;
  onSaved: (hours: LoginHours | null) => void;
}) {
  const t = useT();
  const [limited, setLimited] = useState(value !== null);
  const [hours, setHours] = useState<LoginHours>(value ?? OFFICE);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const zoneList = useMemo(zones, []);
  useEffect(() => {
    setLimited(value !== null);
    setHours(value ?? OFFICE);
    setErrors({});
  }, [roleId, value]);

  const save = async () => {
    setBusy(true);
    try {
      const r = await api<{ login_hours: LoginHours | null }>(`/permission/role/${roleId}/login-hours`, {
        method: 'PUT',
        body: { login_hours: limited ? hours : null },
      });
      setErrors({});
      onSaved(r.login_hours);
      showToast('success', t(r.login_hours ? 'roles.hours_saved' : 'roles.hours_off', { role: roleName }));
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && Object.keys(e.errors).length) setErrors(e.errors);
      else notifyError(t, e);
    } finally {
      setBusy(false);
    }
  };
  const error = (f: string) => errors[`login_hours.${f}`]?.[0];

  return (
    <Box component="section" aria-label={t('roles.hours')} sx={{ mb: 1.5 }}>
      <FormControlLabel
        control={<Switch checked={limited} onChange={(e) => setLimited(e.target.checked)} />}
        label={t('roles.hours_limited')}
      />
      {limited && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mt: 0.5 }}>
          <Box>
            <ToggleButtonGroup
              size="small"
              aria-label={t('roles.hours_days')}
              value={hours.days}
              onChange={(_e, days: number[]) => setHours({ ...hours, days: [...days].sort((a, b) => a - b) })}
            >
              {DAYS.map((d) => (
                <ToggleButton key={d} value={d} aria-label={t(`roles.day_${d}`)}>
                  {t(`roles.day_short_${d}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {error('days') && (
              <Typography color="error" variant="caption" display="block">
                {error('days')}
              </Typography>
            )}
          </Box>
          {(['from', 'to'] as const).map((f) => (
            <TextField
              key={f}
              size="small"
              type="time"
              label={t(`roles.hours_${f}`)}
              value={hours[f]}
              onChange={(e) => setHours({ ...hours, [f]: e.target.value })}
              error={!!error(f)}
              helperText={error(f)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 130 }}
            />
          ))}
          <Autocomplete
            size="small"
            options={zoneList}
            value={hours.time_zone}
            disableClearable
            onChange={(_e, zone) => setHours({ ...hours, time_zone: zone })}
            sx={{ width: 260 }}
            renderInput={(p) => (
              <TextField
                {...p}
                label={t('roles.hours_time_zone')}
                error={!!error('time_zone')}
                helperText={error('time_zone')}
              />
            )}
          />
        </Box>
      )}
      <Box sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" disabled={busy} onClick={() => void save()}>
          {t('roles.hours_save')}
        </Button>
      </Box>
    </Box>
  );
}
