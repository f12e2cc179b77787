import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Pagination,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { completeDateEntry } from '../../../domain/date-entry.ts';
import { formatCents } from '../../../domain/money-input.ts';
import { reportLines } from '../../../platform/report-lines.ts';
import { reportCellText, type ReportColumn, type ReportFilter, type ReportResult } from '../../../platform/report.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { api } from '../../session/api.ts';
import { useMe } from '../../shell/me-context.ts';
import { can } from '../../shell/me.ts';
import { CustomReportDialog } from './CustomReportDialog.tsx';
import { ReportExport } from './ReportExport.tsx';

interface Definition {
  key: string;
  name: string;
  description: string;
  period: { label: string } | null;
  filters: ReportFilter[];
  groupBy: string[];
  columns: ReportColumn[];
}
type Values = Record<string, string | string[]>;
interface Preset {
  id: number;
  name: string;
  shared: boolean;
  filters: { values?: Values; groupBy?: string[]; details?: boolean };
}

const cell = (c: ReportColumn, v: unknown) => reportCellText(c, v, formatCents);

/** A filter's choices, read from its source once. */
function Choices({
  filter,
  value,
  onChange,
}: {
  filter: ReportFilter;
  value: string | string[] | undefined;
  onChange(v: string | string[]): void;
}) {
  const [options, setOptions] = useState<Array<{ id: string; name: string }>>(
    filter.options?.map((o) => ({ id: o.id, name: o.name })) ?? [],
  );
  useEffect(() => {
    if (!filter.source) return;
    api<Array<{ id: number; name: string }>>(filter.source)
      .then((o) => setOptions(o.map((x) => ({ id: String(x.id), name: x.name }))))
      .catch(() => setOptions([]));
  }, [filter.source]);
  const multiple = filter.type === 'multiple';
  return (
    <TextField
      select
      size="small"
      label={filter.title}
      sx={{ minWidth: 180 }}
      value={value ?? (multiple ? [] : '')}
      onChange={(e) => onChange(e.target.value as string | string[])}
      slotProps={{ select: { multiple } }}
      data-testid={`report-filter-${filter.key}`}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One report: its filter sections (first section, dates, optional filters), up to four group levels,
 * detail or simple view, the rows a page at a time with each group's subtotal and the grand total as
 * the server computed them, and export of exactly that to CSV, XLSX or PDF.
 */
export function ReportView({ reportKey, onCustomSaved }: { reportKey: string; onCustomSaved(key: string): void }) {
  const { t } = useI18n();
  const { me } = useMe();
  const [def, setDef] = useState<Definition | null>(null);
  const [values, setValues] = useState<Values>({});
  const [groupBy, setGroupBy] = useState<string[]>([]);
  const [details, setDetails] = useState(true);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<ReportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [customising, setCustomising] = useState(false);
  const [presets, setPresets] = useState<Preset[]>([]);
  const [saving, setSaving] = useState<{ name: string; shared: boolean } | null>(null);
  const loadPresets = () =>
    api<{ data: Preset[] }>('/report-presets', { query: { report_key: reportKey } })
      .then((r) => setPresets(r.data))
      .catch(() => setPresets([]));
  useEffect(() => {
    void loadPresets();
  }, [reportKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // A preset restores what was chosen: the filters, the group levels and the view.
  const applyPreset = (id: string) => {
    const p = presets.find((x) => String(x.id) === id);
    if (!p) return;
    setValues(p.filters.values ?? {});
    setGroupBy(p.filters.groupBy ?? []);
    setDetails(p.filters.details ?? true);
  };
  const savePreset = async () => {
    if (!saving?.name.trim()) return;
    try {
      await api('/report-presets', {
        method: 'POST',
        body: {
          name: saving.name.trim(),
          report_key: reportKey,
          shared: saving.shared,
          filters: { values, groupBy, details },
        },
      });
      setSaving(null);
      await loadPresets();
    } catch (e) {
      notifyError(t, e);
    }
  };
  useEffect(() => {
    api<Definition>(`/reports/${reportKey}`)
      .then((d) => {
        setDef(d);
        setValues(Object.fromEntries(d.filters.filter((f) => f.default).map((f) => [f.key, f.default!])));
      })
      .catch((e) => notifyError(t, e));
  }, [reportKey, t]);

  const query = (p: number) => {
    const q: Record<string, string> = { page: String(p), showDetails: String(details) };
    if (groupBy.length) q.groupBy = groupBy.join(',');
    for (const [k, v] of Object.entries(values)) {
      const s = Array.isArray(v) ? v.join(',') : v;
      if (s) q[k] = s;
    }
    return q;
  };
  const run = async (p = 1) => {
    setBusy(true);
    try {
      setResult(await api<ReportResult>(`/reports/${reportKey}/records`, { query: query(p) }));
      setPage(p);
    } catch (e) {
      notifyError(t, e);
    } finally {
      setBusy(false);
    }
  };
  if (!def) return <LinearProgress aria-label={t('widgets.loading')} />;
  const set = (k: string, v: string | string[]) => setValues((x) => ({ ...x, [k]: v }));
  const date = (key: string, label: string) => (
    <TextField
      key={key}
      size="small"
      label={label}
      placeholder="mm/dd/yyyy"
      value={(values[key] as string) ?? ''}
      sx={{ width: 150 }}
      onChange={(e) => set(key, e.target.value)}
      onBlur={(e) => {
        const full = completeDateEntry(e.target.value);
        if (full) set(key, full);
      }}
    />
  );
  const label = (key: string) => def.columns.find((c) => c.key === key)?.label ?? key;
  const lines = result ? reportLines(result, { total: t('reports.total') }, { endOfReport: page >= result.pages }) : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600 }}>
          {def.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {def.description}
        </Typography>
        <Box
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void run(1);
          }}
        >
          {def.period && (
            <>
              {date('from', `${def.period.label} — ${t('list.from')}`)}
              {date('to', `${def.period.label} — ${t('list.to')}`)}
            </>
          )}
          {def.filters.map((f) =>
            f.type === 'date' ? (
              date(f.key, f.title)
            ) : f.type === 'text' ? (
              <TextField
                key={f.key}
                size="small"
                label={f.title}
                value={(values[f.key] as string) ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
              />
            ) : (
              <Choices key={f.key} filter={f} value={values[f.key]} onChange={(v) => set(f.key, v)} />
            ),
          )}
          {[0, 1, 2, 3]
            .filter((i) => i <= groupBy.length && i < def.groupBy.length)
            .map((i) => (
              <TextField
                key={i}
                select
                size="small"
                sx={{ minWidth: 150 }}
                label={t('reports.group_by', { level: i + 1 })}
                value={groupBy[i] ?? ''}
                data-testid={`report-group-${i + 1}`}
                onChange={(e) =>
                  setGroupBy((g) => (e.target.value ? [...g.slice(0, i), e.target.value] : g.slice(0, i)))
                }
              >
                <MenuItem value="">{t('list.any')}</MenuItem>
                {def.groupBy
                  .filter((g) => !groupBy.slice(0, i).includes(g))
                  .map((g) => (
                    <MenuItem key={g} value={g}>
                      {label(g)}
                    </MenuItem>
                  ))}
              </TextField>
            ))}
          <FormControlLabel
            control={<Switch checked={details} onChange={(e) => setDetails(e.target.checked)} />}
            label={t('reports.details')}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {t('reports.run')}
          </Button>
          {!!presets.length && (
            <TextField
              select
              size="small"
              sx={{ minWidth: 160 }}
              label={t('reports.presets')}
              value=""
              onChange={(e) => applyPreset(e.target.value)}
              data-testid="report-presets"
            >
              {presets.map((p) => (
                <MenuItem key={p.id} value={String(p.id)}>
                  {p.name}
                  {p.shared ? ` (${t('reports.shared')})` : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
          {can(me, 'report.savepreset') && (
            <Button variant="outlined" onClick={() => setSaving({ name: '', shared: false })}>
              {t('reports.save_preset')}
            </Button>
          )}
          {can(me, 'report.create') && !reportKey.startsWith('custom-') && (
            <Button variant="outlined" onClick={() => setCustomising(true)}>
              {t('reports.save_custom')}
            </Button>
          )}
          {result && can(me, 'report.download') && (
            <ReportExport reportKey={reportKey} query={query(1)} rows={result.count} />
          )}
        </Box>
      </Box>
      {customising && (
        <CustomReportDialog
          reportKey={reportKey}
          columns={def.columns}
          onClose={() => setCustomising(false)}
          onSaved={(key) => {
            setCustomising(false);
            onCustomSaved(key);
          }}
        />
      )}
      <Dialog open={!!saving} onClose={() => setSaving(null)} aria-labelledby="preset-title">
        <DialogTitle id="preset-title">{t('reports.save_preset')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            label={t('reports.preset_name')}
            value={saving?.name ?? ''}
            onChange={(e) => setSaving((x) => x && { ...x, name: e.target.value })}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={saving?.shared ?? false}
                onChange={(e) => setSaving((x) => x && { ...x, shared: e.target.checked })}
              />
            }
            label={t('reports.share')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSaving(null)}>{t('record.cancel')}</Button>
          <Button variant="contained" disabled={!saving?.name.trim()} onClick={() => void savePreset()}>
            {t('record.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {busy ? <LinearProgress aria-label={t('widgets.loading')} /> : <Box sx={{ height: 4 }} />}
      {result && (
        <>
          <TableContainer sx={{ flex: 1 }}>
            <Table size="small" stickyHeader aria-label={def.name}>
              <TableHead>
                <TableRow>
                  {result.columns.map((c) => (
                    <TableCell key={c.key} align={c.type === 'text' || c.type === 'date' ? 'left' : 'right'}>
                      {c.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody data-testid="report-rows">
                {lines.map((l, i) => (
                  <TableRow
                    key={i}
                    data-kind={l.kind}
                    sx={
                      l.kind === 'row'
                        ? undefined
                        : {
                            '& td': { fontWeight: 700 },
                            bgcolor: l.kind === 'total' ? 'action.selected' : 'action.hover',
                          }
                    }
                  >
                    {result.columns.map((c) => (
                      <TableCell key={c.key} align={c.type === 'text' || c.type === 'date' ? 'left' : 'right'}>
                        {cell(c, l.values[c.key])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                {!result.count && (
                  <TableRow>
                    <TableCell colSpan={result.columns.length}>{t('list.no_results')}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          {result.pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
              <Pagination count={result.pages} page={page} onChange={(_e, p) => void run(p)} size="small" />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
