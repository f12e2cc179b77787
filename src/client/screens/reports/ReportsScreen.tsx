import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import {
  Box,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Loading } from '../../app/Loading.tsx';
import { ConfirmDialog } from '../../resources/ConfirmDialog.tsx';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { api } from '../../session/api.ts';
import { ReportView } from './ReportView.tsx';

// The dashboard's charts load when it is first opened.
const KpiDashboard = lazy(() => import('./KpiDashboard.tsx'));
const DASHBOARD = '__kpis';

export interface ListedReport {
  key: string;
  name: string;
  classification: number;
  description: string;
  type: 1 | 2;
  base: string | null;
  favorite: boolean;
  mine: boolean;
  shared: boolean;
}
interface Classification {
  id: number;
  name: string;
  background: string;
  color: string;
}

/**
 * The Reports window: the person's favourites first, then the reports by classification (their
 * custom reports among them, marked), on the left; the one chosen on the right.
 */
export default function ReportsScreen() {
  const { t, locale } = useI18n();
  const [reports, setReports] = useState<ListedReport[]>([]);
  const [classes, setClasses] = useState<Classification[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ListedReport | null>(null);
  const load = useCallback(
    () =>
      Promise.all([api<ListedReport[]>('/reports'), api<Classification[]>('/reports/classifications')])
        .then(([r, c]) => {
          setReports(r);
          setClasses(c);
        })
        .catch((e) => notifyError(t, e)),
    [t],
  );
  useEffect(() => {
    void load();
  }, [load, locale]);
  const toggleFavourite = async (r: ListedReport) => {
    try {
      await api(`/reports/${r.key}/favorite`, { method: 'PUT', body: { favorite: !r.favorite } });
      setReports((all) => all.map((x) => (x.key === r.key ? { ...x, favorite: !r.favorite } : x)));
    } catch (e) {
      notifyError(t, e);
    }
  };
  const remove = async (r: ListedReport) => {
    setRemoving(null);
    try {
      await api(`/custom-reports/${r.key.replace('custom-', '')}`, { method: 'DELETE' });
      if (chosen === r.key) setChosen(null);
      await load();
    } catch (e) {
      notifyError(t, e);
    }
  };
  const item = (r: ListedReport, where: string) => (
    <ListItem
      key={`${where}-${r.key}`}
      disablePadding
      secondaryAction={
        <Box sx={{ display: 'flex' }}>
          {r.type === 2 && r.mine && (
            <IconButton
              size="small"
              edge="end"
              aria-label={t('reports.delete_custom', { name: r.name })}
              onClick={() => setRemoving(r)}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          )}
          <IconButton
            size="small"
            edge="end"
            aria-pressed={r.favorite}
            aria-label={t(r.favorite ? 'reports.unfavourite' : 'reports.favourite', { name: r.name })}
            onClick={() => void toggleFavourite(r)}
            data-testid={`favourite-${r.key}`}
          >
            {r.favorite ? <Star fontSize="small" sx={{ color: '#f5a623' }} /> : <StarBorder fontSize="small" />}
          </IconButton>
        </Box>
      }
    >
      <ListItemButton
        selected={chosen === r.key}
        onClick={() => setChosen(r.key)}
        data-testid={`report-${where === 'fav' ? 'fav-' : ''}${r.key}`}
        sx={{ pr: r.type === 2 && r.mine ? 9 : 5 }}
      >
        <ListItemText
          primary={
            <>
              {r.name}
              {r.type === 2 && (
                <Chip size="small" label={t('reports.custom')} sx={{ ml: 0.5, height: 18, fontSize: 10 }} />
              )}
            </>
          }
          secondary={r.description}
          slotProps={{ secondary: { sx: { fontSize: 11 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
  const favourites = reports.filter((r) => r.favorite);
  return (
    <Box sx={{ display: 'flex', height: '100%' }}>
      <ConfirmDialog
        open={!!removing}
        title={t('reports.delete_custom', { name: removing?.name ?? '' })}
        body={t('reports.delete_custom_confirm', { name: removing?.name ?? '' })}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
      <Box
        component="nav"
        aria-label={t('reports.list')}
        sx={{ width: 280, borderRight: 1, borderColor: 'divider', overflow: 'auto', flexShrink: 0 }}
      >
        <List dense>
          <ListItemButton
            selected={chosen === DASHBOARD}
            onClick={() => setChosen(DASHBOARD)}
            data-testid="report-kpis"
          >
            <ListItemText
              primary={t('kpi.title')}
              secondary={t('kpi.subtitle')}
              slotProps={{ secondary: { sx: { fontSize: 11 } } }}
            />
          </ListItemButton>
          {!!favourites.length && (
            <li>
              <ul style={{ padding: 0 }}>
                <ListSubheader>
                  <Chip
                    size="small"
                    icon={<Star sx={{ fontSize: 14 }} />}
                    label={t('reports.favourites')}
                    sx={{ fontWeight: 600 }}
                  />
                </ListSubheader>
                {favourites.map((r) => item(r, 'fav'))}
              </ul>
            </li>
          )}
          {classes
            .filter((c) => reports.some((r) => r.classification === c.id))
            .map((c) => (
              <li key={c.id}>
                <ul style={{ padding: 0 }}>
                  <ListSubheader>
                    <Chip size="small" label={c.name} sx={{ bgcolor: c.background, color: c.color, fontWeight: 600 }} />
                  </ListSubheader>
                  {reports.filter((r) => r.classification === c.id).map((r) => item(r, 'class'))}
                </ul>
              </li>
            ))}
        </List>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {chosen === DASHBOARD ? (
          <Suspense fallback={<Loading />}>
            <KpiDashboard />
          </Suspense>
        ) : chosen ? (
          <ReportView
            key={chosen}
            reportKey={chosen}
            onCustomSaved={(key) => {
              void load().then(() => setChosen(key));
            }}
          />
        ) : (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('reports.choose')}</Typography>
        )}
      </Box>
    </Box>
  );
}
