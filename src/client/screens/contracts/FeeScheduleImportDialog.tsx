import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatCents } from '../../../domain/money-input.ts';
import type { FeeScheduleRow } from '../../../domain/contracts/fee-schedule-rows.ts';
import type { CommandDialogProps } from '../../dialogs/dialog-registry.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api } from '../../session/api.ts';

/** A fee schedule line as the server would keep it. */
type Line = Omit<FeeScheduleRow, 'problems'>;
interface Preview {
  file_name: string;
  total: number;
  wrong: number;
  replaces: number;
  rows: Line[];
  problems: Array<{ row: number; field: string; message: string }>;
}

/**
 * A fee schedule taken in from a spreadsheet (CSV or XLSX): the file is stored, the server reads it and answers what
 * it would keep and every wrong row with its problem; only a file with no wrong row can replace the schedule.
 */
export default function FeeScheduleImportDialog({ record, path, title, onClose }: CommandDialogProps) {
  const { t } = useI18n();
  const L = (k: string, o?: Record<string, unknown>) => t(`contracts.import.${k}`, o);
  const [fileId, setFileId] = useState<number | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setPreview(null);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const stored = await api<{ id: number }>('/files', {
        method: 'POST',
        query: { kind: 'fee-schedule', billing_company_id: String(record.billing_company_id) },
        body: form,
      });
      setFileId(stored.id);
      setPreview(await api<Preview>(path, { method: 'POST', body: { file_id: stored.id, preview: true } }));
    } catch (e) {
      notifyError(t, e);
    } finally {
      setBusy(false);
    }
  };

  const importIt = async () => {
    setBusy(true);
    try {
      const done = await api<{ message: string }>(path, { method: 'POST', body: { file_id: fileId } });
      showToast('success', done.message);
      onClose(record);
    } catch (e) {
      notifyError(t, e);
    } finally {
      setBusy(false);
    }
  };

  const price = (l: Line) => (l.amount !== null ? formatCents(l.amount, 'us', true) : `${l.percentage ?? ''}%`);
  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby="fee-import-title"
      maxWidth="md"
      fullWidth
      data-testid="fee-import"
    >
      <DialogTitle id="fee-import-title">
        {title} · {String(record.name ?? '')}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2">{L('hint')}</Typography>
          <Button variant="outlined" component="label" disabled={busy}>
            {L('choose')}
            <input
              hidden
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={L('choose')}
              data-testid="fee-import-file"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {preview && (
            <>
              <Alert severity={preview.wrong ? 'error' : 'info'} data-testid="fee-import-summary">
                {L('summary', {
                  file: preview.file_name,
                  total: preview.total,
                  wrong: preview.wrong,
                  replaces: preview.replaces,
                })}
              </Alert>
              {preview.problems.length > 0 && (
                <Table size="small" aria-label={L('problems')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{L('row')}</TableCell>
                      <TableCell>{L('field')}</TableCell>
                      <TableCell>{L('problem')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.problems.map((p) => (
                      <TableRow key={`${p.row}-${p.field}`}>
                        <TableCell>{p.row}</TableCell>
                        <TableCell>{p.field}</TableCell>
                        <TableCell sx={{ color: 'error.main' }}>{p.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              <Table size="small" aria-label={L('lines')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{L('row')}</TableCell>
                    <TableCell>{L('code')}</TableCell>
                    <TableCell>{L('modifier')}</TableCell>
                    <TableCell>{L('pos')}</TableCell>
                    <TableCell align="right">{L('price')}</TableCell>
                    <TableCell>{L('basis')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((l) => (
                    <TableRow key={l.row}>
                      <TableCell>{l.row}</TableCell>
                      <TableCell>{l.procedure_code}</TableCell>
                      <TableCell>{l.modifier ?? ''}</TableCell>
                      <TableCell>{l.place_of_service ?? ''}</TableCell>
                      <TableCell align="right">{price(l)}</TableCell>
                      <TableCell>{L(l.units_basis_id === 2 ? 'per_line' : 'per_unit')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{L('cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !preview || preview.wrong > 0}
          onClick={() => void importIt()}
          data-testid="fee-import-go"
        >
          {L('go', { smart_count: preview?.total ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
