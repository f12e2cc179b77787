import {
  Box,
  Button,
  InputAdornment,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useEffect, useState } from 'react';
import { formatCents } from '../../../domain/money-input.ts';
import { isUsDate } from '../../../domain/formats.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { ApiError, api, apiBlob } from '../../session/api.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { showToast } from '../../notify/toast-store.ts';
import { useMe } from '../../shell/me-context.ts';
import { can } from '../../shell/me.ts';
import { openDocument } from '../../shell/open-document.ts';

export interface FoundPatient {
  id: number;
  name: string;
  medical_number: string | null;
  date_of_birth: string | null;
  insurance_balance: number;
  patient_balance: number;
  balance: number;
}

/** What was typed, as the ledger search's parameter: a date of birth, a claim number (letters and digits with a dash) or a name. */
export function searchParams(term: string): Record<string, string> | null {
  const t = term.trim();
  if (isUsDate(t)) return { dob: t };
  if (/^[A-Za-z]{1,6}-\d+$/.test(t) || /^\d{6,}$/.test(t)) return { claim_number: t };
  if (t.length >= 3) return { query: t };
  return null;
}

/** Find a patient: by name, medical record number, date of birth or claim number, each with what it owes. */
export function PatientFinder({ onPick }: { onPick(p: FoundPatient): void }) {
  const { t } = useI18n();
  const { me } = useMe();
  const [term, setTerm] = useState('');
  const [running, setRunning] = useState(false);
  // Every patient who owes gets a statement (one PDF, a page each); each is recorded as that patient's next bill.
  const runStatements = async () => {
    setRunning(true);
    try {
      const pdf = await apiBlob('/ledger/statements/run', { method: 'POST', body: {} });
      openDocument(pdf);
      showToast('success', t('ledger.run_done'));
    } catch (e) {
      notifyError(t, e);
    } finally {
      setRunning(false);
    }
  };
  const [rows, setRows] = useState<FoundPatient[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const params = searchParams(term);
    if (!params) {
      setRows(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      setBusy(true);
      api<{ data: FoundPatient[] }>('/ledger/filter', { query: { ...params, itemsPerPage: 25 } })
        .then((r) => {
          if (live) {
            setRows(r.data);
            setError(null);
          }
        })
        .catch((e) => {
          if (live) setError(e instanceof ApiError ? e.message : String(e));
        })
        .finally(() => live && setBusy(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term]);
  return (
    <Box sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          autoFocus
          fullWidth
          size="small"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={t('ledger.find_hint')}
          slotProps={{
            htmlInput: { 'aria-label': t('ledger.find') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {can(me, 'ledger.statement') && (
          <Button
            variant="outlined"
            sx={{ whiteSpace: 'nowrap' }}
            disabled={running}
            onClick={() => void runStatements()}
          >
            {t('ledger.run')}
          </Button>
        )}
      </Box>
      {busy ? <LinearProgress aria-label={t('widgets.loading')} /> : <Box sx={{ height: 4 }} />}
      {error && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      {rows && (
        <Table size="small" aria-label={t('ledger.patients')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('ledger.patient')}</TableCell>
              <TableCell>{t('ledger.dob')}</TableCell>
              <TableCell>{t('ledger.mrn')}</TableCell>
              <TableCell align="right">{t('ledger.insurance_balance')}</TableCell>
              <TableCell align="right">{t('ledger.patient_balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              <TableRow
                key={p.id}
                hover
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => onPick(p)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onPick(p);
                }}
                data-testid={`ledger-patient-${p.id}`}
              >
                <TableCell>{p.name}</TableCell>
                <TableCell>{p.date_of_birth}</TableCell>
                <TableCell>{p.medical_number}</TableCell>
                <TableCell align="right">{formatCents(p.insurance_balance)}</TableCell>
                <TableCell align="right">{formatCents(p.patient_balance)}</TableCell>
              </TableRow>
            ))}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={5}>{t('list.no_results')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
