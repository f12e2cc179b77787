import { momentText } from '../../i18n/moments.ts';
import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { api } from '../../session/api.ts';
import { browserName } from './browser-name.ts';

interface OpenSession {
  id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_activity_at: string;
  ends_at: string;
  current: boolean;
}

/** The devices a person is signed in on, each ended with one click (a lost laptop, a shared computer left open). */
export function MySessions() {
  const { t, locale } = useI18n();
  const [sessions, setSessions] = useState<OpenSession[]>([]);
  const load = useCallback(
    () =>
      api<OpenSession[]>('/auth/sessions')
        .then(setSessions)
        .catch((e) => notifyError(t, e)),
    [t],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const when = (iso: string) => momentText(iso, locale);
  const end = async (id: number) => {
    try {
      await api(`/auth/sessions/${id}`, { method: 'DELETE' });
      await load();
    } catch (e) {
      notifyError(t, e);
    }
  };
  return (
    <Box component="section" aria-labelledby="profile-sessions" sx={{ gridColumn: '1 / -1' }}>
      <Typography id="profile-sessions" variant="h3" sx={{ fontSize: 16, fontWeight: 600, mb: 1 }}>
        {t('profile.sessions')}
      </Typography>
      <Table size="small" aria-labelledby="profile-sessions">
        <TableHead>
          <TableRow>
            <TableCell>{t('profile.session_browser')}</TableCell>
            <TableCell>{t('profile.session_address')}</TableCell>
            <TableCell>{t('profile.session_signed_in')}</TableCell>
            <TableCell>{t('profile.session_last_used')}</TableCell>
            <TableCell>{t('profile.session_ends')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((s) => (
            <TableRow key={s.id}>
              <TableCell>{browserName(s.user_agent)}</TableCell>
              <TableCell>{s.ip ?? '—'}</TableCell>
              <TableCell>{when(s.created_at)}</TableCell>
              <TableCell>{when(s.last_activity_at)}</TableCell>
              <TableCell>{when(s.ends_at)}</TableCell>
              <TableCell align="right">
                {s.current ? (
                  <Chip size="small" label={t('profile.this_device')} />
                ) : (
                  <Button
                    size="small"
                    onClick={() => end(s.id)}
                    aria-label={`${t('profile.end_session')} ${browserName(s.user_agent)}`}
                  >
                    {t('profile.end_session')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
