import { Box, Chip, List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Loading } from '../../app/Loading.tsx';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { api } from '../../session/api.ts';
import { ReportView } from './ReportView.tsx';

// The dashboard's charts load when it is first opened.
const KpiDashboard = lazy(() => import('./KpiDashboard.tsx'));
const DASHBOARD = '__kpis';

interface Listed { key: string; name: string; classification: number; description: string }
interface Classification { id: number; name: string; background: string; color: string }

/** The Reports window: the reports by classification on the left, the one chosen on the right. */
export default function ReportsScreen() {
  const { t, locale } = useI18n();
  const [reports, setReports] = useState<Listed[]>([]);
  const [classes, setClasses] = useState<Classification[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([api<Listed[]>('/reports'), api<Classification[]>('/reports/classifications')])
      .then(([r, c]) => { setReports(r); setClasses(c); }).catch((e) => notifyError(t, e));
  }, [t, locale]);
  return (
    <Box sx={{ display: 'flex', height: '100%' }}>
      <Box component="nav" aria-label={t('reports.list')} sx={{ width: 260, borderRight: 1, borderColor: 'divider', overflow: 'auto', flexShrink: 0 }}>
        <List dense>
          <ListItemButton selected={chosen === DASHBOARD} onClick={() => setChosen(DASHBOARD)} data-testid="report-kpis">
            <ListItemText primary={t('kpi.title')} secondary={t('kpi.subtitle')} slotProps={{ secondary: { sx: { fontSize: 11 } } }} />
          </ListItemButton>
          {classes.filter((c) => reports.some((r) => r.classification === c.id)).map((c) => (
            <li key={c.id}>
              <ul style={{ padding: 0 }}>
                <ListSubheader><Chip size="small" label={c.name} sx={{ bgcolor: c.background, color: c.color, fontWeight: 600 }} /></ListSubheader>
                {reports.filter((r) => r.classification === c.id).map((r) => (
                  <ListItemButton key={r.key} selected={chosen === r.key} onClick={() => setChosen(r.key)} data-testid={`report-${r.key}`}>
                    <ListItemText primary={r.name} secondary={r.description} slotProps={{ secondary: { sx: { fontSize: 11 } } }} />
                  </ListItemButton>
                ))}
              </ul>
            </li>
          ))}
        </List>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {chosen === DASHBOARD ? <Suspense fallback={<Loading />}><KpiDashboard /></Suspense> : chosen ? <ReportView key={chosen} reportKey={chosen} /> : <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('reports.choose')}</Typography>}
      </Box>
    </Box>
  );
}
