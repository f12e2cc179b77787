import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useCallback, useEffect, useRef, useState } from 'react';
import { completeDateEntry } from '../../../domain/date-entry.ts';
import { formatCents } from '../../../domain/money-input.ts';
import { isoToUsDate } from '../../../domain/formats.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { api } from '../../session/api.ts';
import { openRecord } from '../../shell/open-record.ts';
import { useShell } from '../../shell/shell-context.ts';

interface Kpis {
  days_in_ar: { ar: number; average_daily_charges: number; value: number | null };
  clean_claim_rate: { clean: number; submitted: number; bp: number | null };
  first_pass_resolution: { first_pass: number; adjudicated: number; bp: number | null };
  denial_rate: {
    denied: number;
    adjudicated: number;
    bp: number | null;
    groups: Array<{ group: string; claims: number }>;
    top_reasons: Array<{ code: string; meaning: string; claims: number }>;
  };
  net_collection_rate: { payments: number; charges: number; contractual: number; bp: number | null };
  ar_over_90: { over_90: number; ar: number; bp: number | null };
  contract_collection_rate: { collectible: number; expected: number; bp: number | null };
  underpayment_rate: {
    underpaid_lines: number;
    posted_lines: number;
    underpaid: number;
    overpaid: number;
    bp: number | null;
    by_payer: Array<{ payer: string; lines: number; underpaid: number }>;
  };
  monthly: Array<{ month: string; charges: number; payments: number }>;
  /** each headline figure of the period as long just before this one */
  previous: Record<TrendKey, number | null> & { period: { from: string; to: string }; records_from: string | null };
}
type TrendKey =
  | 'days_in_ar'
  | 'clean_claim_rate'
  | 'first_pass_resolution'
  | 'denial_rate'
  | 'net_collection_rate'
  | 'ar_over_90'
  | 'contract_collection_rate'
  | 'underpayment_rate';
interface DrillRow {
  id: number;
  code: string;
  patient_name: string;
  billed_amount: number;
  date_of_service: string;
}

/** Basis points (integers) as a number of hundredths: 1234 → "12.34", -5 → "-0.05". */
const hundredths = (bp: number) =>
  `${bp < 0 ? '-' : ''}${Math.trunc(Math.abs(bp) / 100)}.${String(Math.abs(bp) % 100).padStart(2, '0')}`;
const percent = (bp: number | null) => (bp === null ? '—' : `${hundredths(bp)}%`);

// Fewer days in A/R, fewer denials and less old A/R are better; for the other rates, more is.
const LOWER_IS_BETTER = new Set<TrendKey>(['days_in_ar', 'denial_rate', 'ar_over_90', 'underpayment_rate']);
const DRILL_PAGE = 25;

/**
 * How a KPI moved since the period before, in its own unit: points of a rate (basis points, integers)
 * or days of A/R (kept to one decimal, counted in tenths so no float is subtracted).
 */
function trendOf(key: TrendKey, now: number | null, before: number | null) {
  if (now === null || before === null) return null;
  const change = key === 'days_in_ar' ? Math.round(now * 10) - Math.round(before * 10) : now - before;
  const size = Math.abs(change);
  const shown = key === 'days_in_ar' ? `${Math.trunc(size / 10)}.${size % 10}` : hundredths(size);
  return { change, shown, better: change === 0 ? null : change < 0 === LOWER_IS_BETTER.has(key) };
}

/**
 * The KPI dashboard: each number with its written definition beside it, and for the ones that name
 * claims (denials, rejections, A/R over 90 days) the claims behind it, a click from their Claims window.
 */
export default function KpiDashboard() {
  const { t, locale } = useI18n();
  const { openByName } = useShell();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [kpis, setKpis] = useState<Kpis | null>(null);
  const [drill, setDrill] = useState<{
    kpi: string;
    group?: string;
    page: number;
    rows: DrillRow[];
    count: number;
  } | null>(null);
  // The claims behind a number open below the cards: the window is scrolled to them, or a click seems to do nothing.
  const drillBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (drill?.page === 1) drillBox.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [drill?.kpi, drill?.group, drill?.page]);
  const period = useCallback(() => Object.fromEntries(Object.entries({ from, to }).filter(([, v]) => v)), [from, to]);
  const load = useCallback(
    () =>
      api<Kpis>('/reports/kpis', { query: period() })
        .then(setKpis)
        .catch((e) => notifyError(t, e)),
    [period, t],
  );
  useEffect(() => {
    void load();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const drillInto = async (kpi: string, group?: string, page = 1) => {
    try {
      const r = await api<{ data: DrillRow[]; count: number }>(`/reports/kpis/${kpi}/claims`, {
        query: { ...period(), ...(group ? { group } : {}), page },
      });
      setDrill({ kpi, group, page, rows: r.data, count: r.count });
    } catch (e) {
      notifyError(t, e);
    }
  };
  const date = (value: string, set: (v: string) => void, label: string) => (
    <TextField
      size="small"
      label={label}
      placeholder="mm/dd/yyyy"
      value={value}
      sx={{ width: 150 }}
      onChange={(e) => set(e.target.value)}
      onBlur={(e) => {
        const full = completeDateEntry(e.target.value);
        if (full) set(full);
      }}
    />
  );
  if (!kpis) return <LinearProgress aria-label={t('widgets.loading')} />;
  const since = t('kpi.since', {
    from: isoToUsDate(kpis.previous.period.from),
    to: isoToUsDate(kpis.previous.period.to),
  });
  const trendLine = (key: TrendKey, now: number | null) => {
    const tr = trendOf(key, now, kpis.previous[key]);
    const unit = key === 'days_in_ar' ? t('kpi.days') : t('kpi.points');
    const begins = kpis.previous.records_from;
    const text = !tr
      ? begins && begins > kpis.previous.period.from
        ? t('kpi.records_begin', { day: isoToUsDate(begins) })
        : t('kpi.no_trend', { since })
      : tr.change === 0
        ? t('kpi.unchanged', { since })
        : t(tr.change > 0 ? 'kpi.up' : 'kpi.down', { change: tr.shown, unit, since });
    return (
      <Typography
        variant="body2"
        data-testid={`kpi-${key}-trend`}
        sx={{ color: tr?.better === true ? 'success.main' : tr?.better === false ? 'error.main' : 'text.secondary' }}
      >
        {text}
      </Typography>
    );
  };
  const card = (key: TrendKey, value: string, now: number | null, detail: string, drillKpi?: string) => (
    <Card variant="outlined" key={key} data-testid={`kpi-${key}`} sx={{ minWidth: 230, flex: '1 1 230px' }}>
      <CardContent>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t(`kpi.names.${key}`)}
        </Typography>
        <Typography sx={{ fontSize: 26, fontWeight: 700 }}>
          {drillKpi ? (
            <Link
              component="button"
              onClick={() => void drillInto(drillKpi)}
              data-testid={`kpi-${key}-value`}
              aria-label={t('kpi.open_claims', { name: t(`kpi.names.${key}`), value })}
            >
              {value}
            </Link>
          ) : (
            value
          )}
        </Typography>
        {trendLine(key, now)}
        <Typography variant="body2">{detail}</Typography>
        <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary', mt: 1 }}>
          {t(`kpi.defs.${key}`)}
        </Typography>
      </CardContent>
    </Card>
  );
  const tag = locale === 'es' ? 'es-US' : 'en-US';
  const monthName = new Intl.DateTimeFormat(tag, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const compactMoney = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const k = kpis;
  return (
    <Box sx={{ p: 1.5, overflow: 'auto', height: '100%' }}>
      <Box
        sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }}
        component="form"
        data-testid="kpi-period"
        onSubmit={(e) => {
          e.preventDefault();
          setDrill(null);
          void load();
        }}
      >
        <Typography variant="h3" sx={{ fontSize: 18, fontWeight: 600, mr: 1 }}>
          {t('kpi.title')}
        </Typography>
        {date(from, setFrom, t('list.from'))}
        {date(to, setTo, t('list.to'))}
        <Button type="submit" variant="contained">
          {t('reports.run')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {card(
          'days_in_ar',
          k.days_in_ar.value === null ? '—' : String(k.days_in_ar.value),
          k.days_in_ar.value,
          t('kpi.details.days_in_ar', {
            ar: formatCents(k.days_in_ar.ar),
            daily: formatCents(k.days_in_ar.average_daily_charges),
          }),
        )}
        {card(
          'clean_claim_rate',
          percent(k.clean_claim_rate.bp),
          k.clean_claim_rate.bp,
          t('kpi.details.clean_claim_rate', {
            clean: k.clean_claim_rate.clean,
            submitted: k.clean_claim_rate.submitted,
          }),
          'clean_claim_rate',
        )}
        {card(
          'first_pass_resolution',
          percent(k.first_pass_resolution.bp),
          k.first_pass_resolution.bp,
          t('kpi.details.first_pass_resolution', {
            first: k.first_pass_resolution.first_pass,
            adjudicated: k.first_pass_resolution.adjudicated,
          }),
        )}
        {card(
          'denial_rate',
          percent(k.denial_rate.bp),
          k.denial_rate.bp,
          t('kpi.details.denial_rate', { denied: k.denial_rate.denied, adjudicated: k.denial_rate.adjudicated }),
          'denial_rate',
        )}
        {card(
          'net_collection_rate',
          percent(k.net_collection_rate.bp),
          k.net_collection_rate.bp,
          t('kpi.details.net_collection_rate', {
            payments: formatCents(k.net_collection_rate.payments),
            charges: formatCents(k.net_collection_rate.charges),
            contractual: formatCents(k.net_collection_rate.contractual),
          }),
        )}
        {card(
          'ar_over_90',
          percent(k.ar_over_90.bp),
          k.ar_over_90.bp,
          t('kpi.details.ar_over_90', { over: formatCents(k.ar_over_90.over_90), ar: formatCents(k.ar_over_90.ar) }),
          'ar_over_90',
        )}
        {card(
          'contract_collection_rate',
          percent(k.contract_collection_rate.bp),
          k.contract_collection_rate.bp,
          t('kpi.details.contract_collection_rate', {
            collectible: formatCents(k.contract_collection_rate.collectible),
            expected: formatCents(k.contract_collection_rate.expected),
          }),
        )}
        {card(
          'underpayment_rate',
          percent(k.underpayment_rate.bp),
          k.underpayment_rate.bp,
          t('kpi.details.underpayment_rate', {
            lines: k.underpayment_rate.underpaid_lines,
            posted: k.underpayment_rate.posted_lines,
            underpaid: formatCents(k.underpayment_rate.underpaid),
            overpaid: formatCents(k.underpayment_rate.overpaid),
          }),
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
        <Box sx={{ flex: '1 1 420px' }}>
          <Typography sx={{ fontWeight: 600 }}>{t('kpi.monthly')}</Typography>
          <BarChart
            height={240}
            xAxis={[
              {
                scaleType: 'band',
                data: k.monthly.map((m) => m.month),
                valueFormatter: (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`)),
              },
            ]}
            yAxis={[{ valueFormatter: (v: number) => compactMoney.format(v), width: 64 }]}
            series={[
              { data: k.monthly.map((m) => m.charges / 100), label: t('kpi.charges') },
              { data: k.monthly.map((m) => m.payments / 100), label: t('kpi.payments') },
            ]}
          />
        </Box>
        <Box sx={{ flex: '1 1 300px' }}>
          <Typography sx={{ fontWeight: 600 }}>{t('kpi.denials_by_group')}</Typography>
          {k.denial_rate.groups.length ? (
            <BarChart
              height={200}
              xAxis={[{ scaleType: 'band', data: k.denial_rate.groups.map((g) => g.group) }]}
              series={[{ data: k.denial_rate.groups.map((g) => g.claims), label: t('kpi.claims') }]}
              onAxisClick={(_e, d) => {
                const g = k.denial_rate.groups[d?.dataIndex ?? -1];
                if (g) void drillInto('denial_rate', g.group);
              }}
            />
          ) : (
            <Typography variant="body2">{t('list.no_results')}</Typography>
          )}
          <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('kpi.top_reasons')}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="kpi-top-reasons">
            {k.denial_rate.top_reasons.map((r) => (
              <li key={r.code}>
                <strong>{r.code}</strong> {r.meaning}: {t('kpi.claims_n', { n: r.claims })}
              </li>
            ))}
          </Box>
          <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('kpi.underpaid_by_payer')}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }} data-testid="kpi-underpaid-payers">
            {k.underpayment_rate.by_payer.map((r) => (
              <li key={r.payer}>
                <strong>{r.payer}</strong> {formatCents(r.underpaid)}: {t('kpi.lines_n', { n: r.lines })}
              </li>
            ))}
          </Box>
        </Box>
      </Box>
      {drill && (
        <Box sx={{ mt: 2 }} data-testid="kpi-drill" ref={drillBox}>
          <Typography sx={{ fontWeight: 600 }}>
            {t('kpi.behind', { name: t(`kpi.names.${drill.kpi}`), count: drill.count })}
            {drill.group ? ` · ${drill.group}` : ''}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('ledger.claim')}</TableCell>
                <TableCell>{t('ledger.patient')}</TableCell>
                <TableCell>{t('ledger.date')}</TableCell>
                <TableCell align="right">{t('kpi.billed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {drill.rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    <Link component="button" onClick={() => openRecord(openByName, 'Claims Management', r.id)}>
                      {r.code}
                    </Link>
                  </TableCell>
                  <TableCell>{r.patient_name}</TableCell>
                  <TableCell>{r.date_of_service}</TableCell>
                  <TableCell align="right">{formatCents(r.billed_amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {drill.count > DRILL_PAGE && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'flex-end', mt: 1 }}>
              <Typography variant="body2">
                {t('list.displayed_rows', {
                  from: (drill.page - 1) * DRILL_PAGE + 1,
                  to: Math.min(drill.page * DRILL_PAGE, drill.count),
                  count: drill.count,
                })}
              </Typography>
              <Button
                disabled={drill.page === 1}
                onClick={() => void drillInto(drill.kpi, drill.group, drill.page - 1)}
              >
                {t('kpi.previous_page')}
              </Button>
              <Button
                disabled={drill.page * DRILL_PAGE >= drill.count}
                onClick={() => void drillInto(drill.kpi, drill.group, drill.page + 1)}
              >
                {t('kpi.next_page')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
