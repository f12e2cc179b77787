import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useTheme,
} from '@mui/material';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { formatCents } from '../../../domain/money-input.ts';
import { stateName } from '../../../platform/state-machine.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { entityByName } from '../../schema/entities.ts';
import { api, apiBlob } from '../../session/api.ts';
import { useMe } from '../../shell/me-context.ts';
import { can } from '../../shell/me.ts';
import { useShell } from '../../shell/shell-context.ts';
import { Loading } from '../../app/Loading.tsx';
import { openRecord } from '../../shell/open-record.ts';
import { CLAIM_STATUS } from '../../../generated/ids.ts';
import type { LedgerRow } from '../../../domain/ledger/ledger-order.ts';
import { openDocument } from '../../shell/open-document.ts';

const ResourceForm = lazy(() => import('../../resources/ResourceForm.tsx').then((m) => ({ default: m.ResourceForm })));

interface Account {
  patient: {
    id: number;
    name: string;
    date_of_birth: string | null;
    medical_number: string | null;
    billing_company_id: number;
  };
  totals: {
    charges: number;
    insurance_paid: number;
    adjustments: number;
    patient_responsibility: number;
    patient_paid: number;
    write_offs: number;
    refunds: number;
    insurance_balance: number;
    patient_balance: number;
    balance: number;
  };
  transactions: LedgerRow[];
}

const claimMachine = () => entityByName('claim')?.schema['x-states'];
const signed = (cents: number) => (cents === 0 ? '' : formatCents(cents));

/** The claim statuses in their colours, named as the ledger's legend names them. */
function Legend() {
  const { locale, t } = useI18n();
  const dark = useTheme().palette.mode === 'dark';
  const m = claimMachine();
  if (!m) return null;
  return (
    <Box
      sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}
      aria-label={t('ledger.legend')}
      role="list"
      data-testid="ledger-legend"
    >
      {m.states.map((s) => {
        const c = dark ? s.colors.dark : s.colors.light;
        return (
          <Chip
            role="listitem"
            key={s.id}
            size="small"
            label={stateName(m, s.id, locale)}
            sx={{ bgcolor: c.background, color: c.text, fontWeight: 600 }}
          />
        );
      })}
    </Box>
  );
}

/**
 * A patient's account (the hand-written ledger of document 3): every transaction in date order with
 * the running balances split by insurance and patient, the claim status legend, links to the claim,
 * payment, denial and patient, and — for those allowed — write-offs, refunds and the statement.
 */
export function PatientAccount({ patientId, onBack }: { patientId: number; onBack(): void }) {
  const { t, locale } = useI18n();
  const { me } = useMe();
  const { openByName } = useShell();
  const dark = useTheme().palette.mode === 'dark';
  const [data, setData] = useState<Account | null>(null);
  const [entry, setEntry] = useState<'write_off' | 'refund' | null>(null);
  const load = useCallback(
    () =>
      api<Account>(`/ledger/${patientId}`)
        .then(setData)
        .catch((e) => notifyError(t, e)),
    [patientId, t],
  );
  useEffect(() => {
    void load();
  }, [load]);
  if (!data) return <LinearProgress aria-label={t('widgets.loading')} />;
  const m = claimMachine();
  const ledgerEntry = entityByName('ledger-entry')!;

  /** Opens another window on one record (the claim, the payment's batch, the denial, the patient). */
  const open = (appName: string, id: number) => openRecord(openByName, appName, id);
  const statement = async () => {
    try {
      openDocument(await apiBlob(`/ledger/${patientId}/statement`));
      await load();
    } catch (e) {
      notifyError(t, e);
    }
  };
  const total = (label: string, cents: number, id: string) => (
    <Box
      sx={{ px: 1.5, py: 0.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid={`ledger-total-${id}`}
    >
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{formatCents(cents, 'us', true)}</Typography>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={onBack}>
          {t('record.back')}
        </Button>
        <Typography variant="h3" sx={{ fontSize: 17, fontWeight: 600 }}>
          {can(me, 'patient.show') ? (
            <Link component="button" onClick={() => open('Patient Management', data.patient.id)}>
              {data.patient.name}
            </Link>
          ) : (
            data.patient.name
          )}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {[data.patient.date_of_birth, data.patient.medical_number].filter(Boolean).join(' · ')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {total(t('ledger.insurance_balance'), data.totals.insurance_balance, 'insurance')}
        {total(t('ledger.patient_balance'), data.totals.patient_balance, 'patient')}
        {total(t('ledger.balance'), data.totals.balance, 'balance')}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, px: 1, pb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Legend />
        <Box sx={{ flex: 1 }} />
        {can(me, 'ledger.writeoff') && (
          <Button size="small" variant="outlined" onClick={() => setEntry('write_off')}>
            {t('ledger.write_off')}
          </Button>
        )}
        {can(me, 'ledger.refund') && (
          <Button size="small" variant="outlined" onClick={() => setEntry('refund')}>
            {t('ledger.refund')}
          </Button>
        )}
        {can(me, 'ledger.statement') && (
          <Button size="small" variant="contained" onClick={() => void statement()}>
            {t('ledger.statement')}
          </Button>
        )}
      </Box>
      <TableContainer sx={{ flex: 1 }}>
        <Table size="small" stickyHeader aria-label={t('ledger.transactions')}>
          <TableHead>
            <TableRow>
              {[
                'date',
                'type',
                'description',
                'claim',
                'insurance',
                'patient',
                'insurance_balance',
                'patient_balance',
                'balance',
              ].map((k, i) => (
                <TableCell key={k} align={i >= 4 ? 'right' : 'left'}>
                  {t(`ledger.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody data-testid="ledger-rows">
            {data.transactions.map((r, i) => {
              const s = m && r.status_id ? m.states.find((x) => x.id === r.status_id) : undefined;
              const c = s ? (dark ? s.colors.dark : s.colors.light) : undefined;
              return (
                <TableRow key={i} data-testid={`ledger-row-${i}`} data-type={r.type}>
                  <TableCell>{r.date}</TableCell>
                  <TableCell>{t(`ledger.types.${r.type}`)}</TableCell>
                  <TableCell>
                    {r.payment_id && can(me, 'ledger.show.payment') && r.payment_batch_id ? (
                      <Link component="button" onClick={() => open('Payments Management', r.payment_batch_id!)}>
                        {r.description}
                      </Link>
                    ) : (
                      r.description
                    )}
                  </TableCell>
                  <TableCell>
                    {r.claim_id && (
                      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                        <Tooltip describeChild title={m && r.status_id ? stateName(m, r.status_id, locale) : ''}>
                          <Link
                            component="button"
                            onClick={() => open('Claims Management', r.claim_id!)}
                            sx={
                              c
                                ? { bgcolor: c.background, color: c.text, px: 0.5, borderRadius: 0.5, fontWeight: 600 }
                                : undefined
                            }
                          >
                            {r.claim_code}
                          </Link>
                        </Tooltip>
                        {(r.status_id === CLAIM_STATUS.REJECTED || r.status_id === CLAIM_STATUS.DENIED) &&
                          can(me, 'ledger.show.denial') && (
                            <Link
                              component="button"
                              variant="caption"
                              onClick={() => open('Denial Management', r.claim_id!)}
                            >
                              {t('ledger.denial')}
                            </Link>
                          )}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right">{signed(r.insurance)}</TableCell>
                  <TableCell align="right">{signed(r.patient)}</TableCell>
                  <TableCell align="right">{formatCents(r.insurance_balance)}</TableCell>
                  <TableCell align="right">{formatCents(r.patient_balance)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatCents(r.balance)}
                  </TableCell>
                </TableRow>
              );
            })}
            {!data.transactions.length && (
              <TableRow>
                <TableCell colSpan={9}>{t('ledger.no_transactions')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {entry && (
        <Dialog open onClose={() => setEntry(null)} maxWidth="sm" fullWidth aria-label={t(`ledger.${entry}`)}>
          <DialogContent>
            <Suspense fallback={<Loading />}>
              <ResourceForm
                entity={ledgerEntry}
                initial={{ kind: entry, responsibility: 'patient' }}
                fixed={{ patient_id: data.patient.id, billing_company_id: data.patient.billing_company_id }}
                go={(v) => {
                  setEntry(null);
                  if (v.kind === 'show') void load();
                }}
              />
            </Suspense>
          </DialogContent>
        </Dialog>
      )}
    </Box>
  );
}
