import { Box, Button, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { usDateOf } from '../../../domain/formats.ts';
import { appLabel, useI18n } from '../../i18n/i18n.ts';
import { useUnreadMessages } from '../messenger/messenger-events.ts';
import { api } from '../../session/api.ts';
import { useShell } from '../../shell/shell-context.ts';

/** The time, now and each minute after. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const h = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(h);
  }, []);
  return now;
}

/** This month as weeks of days (Sunday first), today marked. */
function Month({ today, locale }: { today: Date; locale: string }) {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const days = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
  const cells = [...Array(first.getDay()).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  const names = Array.from({ length: 7 }, (_, i) =>
    new Date(2026, 10, 1 + i).toLocaleDateString(locale, { weekday: 'narrow' }),
  );
  return (
    <Box
      role="grid"
      aria-label={today.toLocaleDateString(locale, { month: 'long', year: 'numeric' })}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', textAlign: 'center', fontSize: 12, gap: 0.25 }}
    >
      {names.map((n, i) => (
        <Box key={`h${i}`} role="columnheader" sx={{ color: 'text.secondary' }}>
          {n}
        </Box>
      ))}
      {cells.map((d, i) => (
        <Box
          key={i}
          role="gridcell"
          aria-current={d === today.getDate() ? 'date' : undefined}
          sx={{
            borderRadius: 1,
            py: 0.25,
            ...(d === today.getDate()
              ? { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }
              : {}),
          }}
        >
          {d ?? ''}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Widgets: a glance at the day — the date and time, this month, messages waiting and the person's
 * notes — each tile opening its app.
 */
export default function WidgetsScreen() {
  const { t, locale } = useI18n();
  const { openByName, apps } = useShell();
  const now = useNow();
  const unread = useUnreadMessages();
  const [notes, setNotes] = useState<number | null>(null);
  useEffect(() => {
    api<unknown[]>('/sticky-notes').then(
      (n) => setNotes(n.length),
      () => setNotes(null),
    );
  }, []);
  const has = (name: string) => apps.some((a) => a.name === name);
  return (
    <Box
      sx={{ p: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}
      data-testid="widgets"
    >
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography sx={{ fontSize: 32, fontWeight: 600 }} data-testid="widget-time">
          {now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {now.toLocaleDateString(locale, { weekday: 'long' })} {usDateOf(now)}
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography sx={{ fontWeight: 600, mb: 0.5, textTransform: 'capitalize' }}>
          {now.toLocaleDateString(locale, { month: 'long', year: 'numeric' })}
        </Typography>
        <Month today={now} locale={locale} />
      </Paper>
      {has('Messenger') && (
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{appLabel(t, 'Messenger')}</Typography>
          <Typography data-testid="widget-unread">{t('shell.unread_messages', { smart_count: unread })}</Typography>
          <Button
            size="small"
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => openByName('Messenger')}
          >
            {t('widgets_app.open', { app: appLabel(t, 'Messenger') })}
          </Button>
        </Paper>
      )}
      {has('Sticky Notes') && (
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{appLabel(t, 'Sticky Notes')}</Typography>
          <Typography>{notes === null ? '—' : t('widgets_app.notes', { smart_count: notes })}</Typography>
          <Button
            size="small"
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => openByName('Sticky Notes')}
          >
            {t('widgets_app.open', { app: appLabel(t, 'Sticky Notes') })}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
