import { Delete } from '@mui/icons-material';
import { Alert, Autocomplete, Box, Button, Divider, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { basisPointsFromEntry, centsFromEntry, formatCents } from '../../../domain/money-input.ts';
import { useT } from '../../i18n/i18n.ts';
import { api, type ApiError } from '../../session/api.ts';
import type { EstimateAnswer } from './estimate-answer.ts';
import { goodFaithEstimatePdf } from './good-faith-estimate.ts';

interface Option {
  id: number;
  name: string;
}
interface Procedure {
  id: number;
  code: string;
  name: string;
  price: number;
}
interface Line {
  procedure: Procedure;
  units: number;
}

const SELF_PAY = 0;
const money = (c: number) => `$${formatCents(c)}`;

/**
 * Medical Store: a patient's cost estimate at the front desk. Pick the clinic, the plan (or self-pay)
 * and the procedures; it shows the charge, the plan's expected allowed amount, the copay, the deductible
 * left, coinsurance and the patient's share, and prints a good-faith estimate for a self-pay patient.
 */
export default function MedicalStore() {
  const t = useT();
  const [companies, setCompanies] = useState<Option[]>([]);
  const [plans, setPlans] = useState<Option[]>([]);
  const [company, setCompany] = useState<number | ''>('');
  const [plan, setPlan] = useState<number>(SELF_PAY);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Procedure[]>([]);
  const [lines, setLines] = useState<Line[]>([]);
  const [deductible, setDeductible] = useState('');
  const [coinsurance, setCoinsurance] = useState('');
  const [patient, setPatient] = useState('');
  const [answer, setAnswer] = useState<EstimateAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<{ companies: Option[]; plans: Option[] }>('/medical-store/choices').then(
      ({ companies: c, plans: p }) => {
        setCompanies(c);
        if (c.length === 1) setCompany(c[0].id);
        setPlans(p);
      },
      () => {
        setCompanies([]);
        setPlans([]);
      },
    );
  }, []);
  // Procedures priced by the chosen clinic's fee schedule, found as the code or the name is typed.
  useEffect(() => {
    if (!company) {
      setFound([]);
      return;
    }
    let live = true;
    const h = setTimeout(() => {
      api<Procedure[]>(`/claim/procedures/${company}`, { query: { search } }).then(
        (r) => live && setFound(r),
        () => live && setFound([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(h);
    };
  }, [company, search]);
  useEffect(() => setAnswer(null), [company, plan, lines, deductible, coinsurance]);

  const run = async () => {
    const deductibleCents = deductible.trim() ? centsFromEntry(deductible) : 0;
    const pct = coinsurance.trim() ? basisPointsFromEntry(coinsurance) : 0;
    if (deductibleCents === null || pct === null) {
      setError(t('estimate.bad_amount'));
      return;
    }
    try {
      setAnswer(
        await api<EstimateAnswer>('/medical-store/estimate', {
          method: 'POST',
          body: {
            company_id: company,
            insurance_plan_id: plan === SELF_PAY ? null : plan,
            lines: lines.map((l) => ({ procedure_code: l.procedure.code, units: l.units })),
            ...(plan === SELF_PAY
              ? {}
              : { deductible_left: deductibleCents, coinsurance_percent: coinsurance.trim() || '0' }),
          },
        }),
      );
      setError(null);
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const print = () => {
    if (!answer) return;
    const url = URL.createObjectURL(goodFaithEstimatePdf(answer, patient.trim(), t));
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: `good-faith-estimate-${(patient.trim() || 'patient').replace(/[^A-Za-z0-9]+/g, '-')}.pdf`,
    });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <Box
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%', overflow: 'auto' }}
      data-testid="medical-store"
    >
      <TextField
        select
        size="small"
        label={t('estimate.clinic')}
        value={company}
        onChange={(e) => {
          setCompany(Number(e.target.value));
          setLines([]);
        }}
      >
        {companies.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('estimate.plan')}
        value={plan}
        onChange={(e) => setPlan(Number(e.target.value))}
        data-testid="estimate-plan"
      >
        <MenuItem value={SELF_PAY}>{t('estimate.self_pay')}</MenuItem>
        {plans.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        size="small"
        options={found}
        getOptionLabel={(p) => p.name}
        filterOptions={(x) => x}
        disabled={!company}
        value={null}
        inputValue={search}
        onInputChange={(_e, v) => setSearch(v)}
        onChange={(_e, p) => {
          if (p) {
            setLines((l) => [...l, { procedure: p, units: 1 }]);
            setSearch('');
          }
        }}
        renderInput={(params) => <TextField {...params} label={t('estimate.add_procedure')} />}
      />
      {lines.map((l, i) => (
        <Box
          key={`${l.procedure.code}-${i}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          data-testid={`estimate-line-${i}`}
        >
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap title={l.procedure.name}>
            {l.procedure.name}
          </Typography>
          <TextField
            size="small"
            type="number"
            label={t('estimate.units')}
            value={l.units}
            sx={{ width: 64 }}
            slotProps={{ htmlInput: { min: 1, max: 999 } }}
            onChange={(e) =>
              setLines((all) =>
                all.map((x, j) =>
                  j === i ? { ...x, units: Math.max(1, Math.min(999, Math.trunc(Number(e.target.value)) || 1)) } : x,
                ),
              )
            }
          />
          <IconButton
            size="small"
            aria-label={`${t('estimate.remove')} ${l.procedure.code}`}
            onClick={() => setLines((all) => all.filter((_x, j) => j !== i))}
          >
            <Delete fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {plan !== SELF_PAY && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            label={t('estimate.deductible_left')}
            value={deductible}
            onChange={(e) => setDeductible(e.target.value)}
            placeholder="0.00"
          />
          <TextField
            size="small"
            label={t('estimate.coinsurance')}
            value={coinsurance}
            onChange={(e) => setCoinsurance(e.target.value)}
            placeholder="0"
            sx={{ width: 120 }}
          />
        </Box>
      )}
      <Button variant="contained" disabled={!company || !lines.length} onClick={() => void run()}>
        {t('estimate.run')}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
      {answer && (
        <Box
          data-testid="estimate-result"
          sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.25, columnGap: 1, fontSize: 14 }}
        >
          {answer.lines.map((l) => (
            <Box key={l.code} sx={{ display: 'contents' }}>
              <span>
                {l.code} × {l.units}
              </span>
              <span>{money(l.charge)}</span>
            </Box>
          ))}
          <Divider sx={{ gridColumn: '1 / -1', my: 0.5 }} />
          <span>{t('estimate.charge')}</span>
          <span>{money(answer.charge)}</span>
          {!answer.self_pay && (
            <>
              <span>{t('estimate.allowed')}</span>
              <span>{money(answer.allowed)}</span>
              <span>{t('estimate.copay')}</span>
              <span>{money(answer.copay)}</span>
              <span>{t('estimate.deductible')}</span>
              <span>{money(answer.deductible)}</span>
              <span>{t('estimate.coinsurance_amount')}</span>
              <span>{money(answer.coinsurance)}</span>
              <span>{t('estimate.insurance')}</span>
              <span>{money(answer.insurance)}</span>
            </>
          )}
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {t('estimate.patient_share')}
          </Typography>
          <Typography component="span" sx={{ fontWeight: 700 }} data-testid="estimate-patient">
            {money(answer.patient)}
          </Typography>
        </Box>
      )}
      {answer?.self_pay && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            label={t('estimate.patient_name')}
            value={patient}
            onChange={(e) => setPatient(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={print} disabled={!patient.trim()}>
            {t('estimate.print')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
