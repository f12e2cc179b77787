import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useState } from 'react';
import {
  admissionRules,
  dischargeMissing,
  DISCHARGE_NEEDS,
  type DischargeNeed,
} from '../../../domain/admissions/admission-rules.ts';
import { completeDateEntry } from '../../../domain/date-entry.ts';
import { usDateOf } from '../../../domain/formats.ts';
import type { CommandDialogProps } from '../../dialogs/dialog-registry.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { ApiError, api } from '../../session/api.ts';
import { codeListLabel } from '../../../platform/code-list-fields.ts';
import { codeLists } from '../../schema/entities.ts';

type Values = Record<string, unknown>;
const HOURS = new Set<DischargeNeed>(['admission_hour', 'discharge_hour']);
const DATES = new Set<DischargeNeed>(['discharge_date', 'statement_from', 'statement_through']);
const LISTS: Partial<Record<DischargeNeed, string>> = {
  admission_type: 'admission-types',
  admission_source: 'admission-sources',
  patient_status: 'patient-statuses',
};
const ON_RECORD = new Set<DischargeNeed>(['policies', 'diagnoses', 'services']);

/**
 * The discharge of an admission: everything the UB-04 will need as a checklist that turns green as
 * it is filled (the same function the server checks with), the fields still to give right beside
 * their item, and Discharge once all are there. What only the admission's form holds (policies,
 * diagnoses, services) is shown with its count.
 */
export default function DischargeDialog({ record, path, method, title, onClose }: CommandDialogProps) {
  const { t, locale } = useI18n();
  const [values, setValues] = useState<Values>(() => ({
    admission_hour: record.admission_hour,
    discharge_date: usDateOf(),
    discharge_hour: record.discharge_hour ?? record.expected_discharge_hour,
    statement_from: record.statement_from ?? record.admission_date,
    statement_through: record.statement_through ?? usDateOf(),
    admission_type: record.admission_type,
    admission_source: record.admission_source,
    patient_status: record.patient_status,
  }));
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [server, setServer] = useState<{ message: string; errors: Record<string, string[]> } | null>(null);
  const [busy, setBusy] = useState(false);
  const merged = { ...record, ...values };
  const missing = new Set(dischargeMissing(merged));
  const rules = admissionRules(merged);
  const errorsOf = (k: string) => [...(rules[k] ?? []), ...(server?.errors[k] ?? [])];
  const set = (k: string, v: unknown) => {
    setValues({ ...values, [k]: v === '' ? undefined : v });
    setServer(null);
  };
  const L = (k: string) => t(`admissions.discharge.${k}`);
  const count = (k: DischargeNeed) => (Array.isArray(record[k]) ? (record[k] as unknown[]).length : 0);

  async function discharge() {
    setBusy(true);
    try {
      const saved = await api<Values>(path, { method: method.toUpperCase(), body: values });
      onClose(saved);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setServer({ message: e.message, errors: e.errors });
      else setServer({ message: e instanceof Error ? e.message : String(e), errors: {} });
    } finally {
      setBusy(false);
    }
  }

  const field = (k: DischargeNeed) => {
    const errors = errorsOf(k);
    const common = {
      size: 'small' as const,
      label: L(`needs.${k}`),
      error: errors.length > 0,
      helperText: errors[0] ?? (HOURS.has(k) ? L('hour_hint') : DATES.has(k) ? L('date_hint') : ' '),
      sx: { width: 220 },
    };
    if (ON_RECORD.has(k))
      return (
        <Typography variant="body2" color="text.secondary">
          {count(k) ? t('admissions.discharge.count', { n: count(k) }) : L('in_record')}
        </Typography>
      );
    if (LISTS[k]) {
      const items = codeLists.get(LISTS[k]!)?.items ?? [];
      return (
        <TextField
          select
          {...common}
          value={String(values[k] ?? '')}
          onChange={(e) => set(k, e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': L(`needs.${k}`) } }}
        >
          <MenuItem value="">
            <em>—</em>
          </MenuItem>
          {items.map((i) => (
            <MenuItem key={String(i.id)} value={String(i.id)}>
              {codeListLabel(i, locale)}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (HOURS.has(k)) {
      return (
        <TextField
          {...common}
          type="number"
          value={values[k] ?? ''}
          onChange={(e) => set(k, e.target.value === '' ? '' : Number(e.target.value))}
          slotProps={{ htmlInput: { min: 0, max: 23, 'aria-label': L(`needs.${k}`) } }}
        />
      );
    }
    return (
      <TextField
        {...common}
        value={typed[k] ?? String(values[k] ?? '')}
        onChange={(e) => setTyped({ ...typed, [k]: e.target.value })}
        onBlur={() => {
          if (typed[k] !== undefined) {
            const v = typed[k].trim();
            set(k, v ? (completeDateEntry(v) ?? v) : '');
            const { [k]: _gone, ...rest } = typed;
            setTyped(rest);
          }
        }}
        slotProps={{ htmlInput: { 'aria-label': L(`needs.${k}`) } }}
      />
    );
  };

  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby="discharge-title"
      maxWidth="md"
      fullWidth
      data-testid="discharge-dialog"
    >
      <DialogTitle id="discharge-title">
        {title} · {String(record.code ?? '')} · {String(record.patient_name ?? '')}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {L('intro')}
        </Typography>
        {server && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {server.message}
          </Alert>
        )}
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          data-testid="discharge-checklist"
        >
          {(Object.keys(DISCHARGE_NEEDS) as DischargeNeed[]).map((k) => {
            const ok = !missing.has(k) && !errorsOf(k).length;
            return (
              <Box
                component="li"
                key={k}
                data-testid={`need-${k}`}
                data-ready={ok}
                sx={{ display: 'grid', gridTemplateColumns: '28px 200px 1fr', alignItems: 'center', gap: 1 }}
              >
                {ok ? (
                  <CheckCircle color="success" aria-label={L('done')} />
                ) : (
                  <RadioButtonUnchecked color="disabled" aria-label={L('missing')} />
                )}
                <Typography variant="body2" sx={{ fontWeight: ok ? 400 : 600 }}>
                  {L(`needs.${k}`)}
                </Typography>
                {field(k)}
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{L('cancel')}</Button>
        <Button variant="contained" onClick={() => void discharge()} disabled={busy || missing.size > 0}>
          {L('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
