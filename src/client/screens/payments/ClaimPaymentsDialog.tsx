import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import type { CommandDialogProps } from '../../dialogs/dialog-registry.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { ApiError, api, apiBlob } from '../../session/api.ts';
import { formatCents } from '../../../domain/money-input.ts';
import { PAYMENT_SOURCE } from '../../../generated/ids.ts';
import { openDocument } from '../../shell/open-document.ts';

interface Posting {
  id: number;
  payment_id: number;
  batch_code: string;
  reference: string | null;
  payment_date: string;
  source_id: number;
  era_file_id: number | null;
  procedure: string | null;
  charge: number;
  paid: number;
  adjustments: Array<{ group: string; reason: string; amount: number }> | null;
  patient_responsibility: number;
  reverses_id: number | null;
}
interface Eob {
  id: number;
  name: string;
  eob_date: string | null;
  payment_id: number;
}
interface ClaimPayments {
  paid: number;
  patient_responsibility: number;
  postings: Posting[];
  eobs: Eob[];
}

/**
 * What was paid on a claim, read-only: each posting with its payment and batch, its adjustments by
 * group and reason, reversals shown as such, the totals, and the EOB files to open.
 */
export default function ClaimPaymentsDialog({ record, path, title, onClose }: CommandDialogProps) {
  const { t } = useI18n();
  const L = (k: string) => t(`payments.claim.${k}`);
  const [data, setData] = useState<ClaimPayments | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<ClaimPayments>(path)
      .then(setData)
      .catch((e) => setError(e instanceof ApiError ? e.message : String(e)));
  }, [path]);
  async function open(eob: Eob) {
    try {
      openDocument(await apiBlob(`/payments/eobs/${eob.id}`));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }
  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby="claim-payments-title"
      maxWidth="md"
      fullWidth
      data-testid="claim-payments-dialog"
    >
      <DialogTitle id="claim-payments-title">
        {title} · {String(record.code ?? record.id)}
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {data && !data.postings.length && <Typography>{L('none')}</Typography>}
        {data && data.postings.length > 0 && (
          <Table size="small" aria-label={L('postings')}>
            <TableHead>
              <TableRow>
                {['date', 'payment', 'batch', 'procedure', 'charge', 'paid', 'adjustments', 'patient'].map((k) => (
                  <TableCell key={k} align={['charge', 'paid', 'patient'].includes(k) ? 'right' : 'left'}>
                    {L(k)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.postings.map((p) => (
                <TableRow
                  key={p.id}
                  sx={p.reverses_id ? { '& td': { color: 'text.secondary', fontStyle: 'italic' } } : undefined}
                >
                  <TableCell>{p.payment_date}</TableCell>
                  <TableCell>
                    {p.reference ?? p.payment_id}
                    {p.era_file_id ? ` · ${L('era')}` : ''}
                    {p.source_id === PAYMENT_SOURCE.PATIENT ? ` · ${L('by_patient')}` : ''}
                    {p.reverses_id ? ` · ${L('reversal')}` : ''}
                  </TableCell>
                  <TableCell>{p.batch_code}</TableCell>
                  <TableCell>{p.procedure ?? ''}</TableCell>
                  <TableCell align="right">{formatCents(p.charge)}</TableCell>
                  <TableCell align="right">{formatCents(p.paid)}</TableCell>
                  <TableCell>
                    {(p.adjustments ?? []).map((a) => `${a.group}-${a.reason} ${formatCents(a.amount)}`).join(', ')}
                  </TableCell>
                  <TableCell align="right">{formatCents(p.patient_responsibility)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell colSpan={5}>
                  <strong>{L('total')}</strong>
                </TableCell>
                <TableCell align="right">
                  <strong>{formatCents(data.paid)}</strong>
                </TableCell>
                <TableCell />
                <TableCell align="right">
                  <strong>{formatCents(data.patient_responsibility)}</strong>
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
        {data && data.eobs.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">{L('eobs')}</Typography>
            {data.eobs.map((e) => (
              <Box key={e.id}>
                <Link component="button" onClick={() => void open(e)}>
                  {e.name}
                </Link>
                {e.eob_date ? ` · ${e.eob_date}` : ''}
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{L('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
