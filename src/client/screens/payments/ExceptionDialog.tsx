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
import { useEffect, useState } from 'react';
import type { CommandDialogProps } from '../../dialogs/dialog-registry.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { ApiError, api } from '../../session/api.ts';

interface ClaimOption {
  id: number;
  code: string;
  patient_name?: string;
  date_of_service?: string;
}

/**
 * Works an ERA exception: find the claim the remitted claim pays (by number or patient) and post it
 * there — by the same rules as the ERA's run — or say in a note how it was resolved.
 */
export default function ExceptionDialog({ record, title, onClose }: CommandDialogProps) {
  const { t } = useI18n();
  const [search, setSearch] = useState(String(record.claim_control_number ?? ''));
  const [options, setOptions] = useState<ClaimOption[]>([]);
  const [claimId, setClaimId] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const L = (k: string) => t(`payments.exceptions.${k}`);
  useEffect(() => {
    const q = search.trim();
    if (q.length < 3) {
      setOptions([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api<{ data: ClaimOption[] }>('/claim/get-all-server', { query: { query: q, itemsPerPage: 10 } })
        .then((r) => {
          if (live) setOptions(r.data);
        })
        .catch(() => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search]);
  async function resolve() {
    try {
      const era = await api<{ payment_batch_id: number }>(`/payments/eras/${String(record.era_file_id)}`);
      const saved = await api<Record<string, unknown>>(`/payments/batch/${era.payment_batch_id}/era-errors`, {
        method: 'PUT',
        body: {
          exception_id: record.id,
          ...(claimId ? { claim_id: claimId } : {}),
          ...(note.trim() ? { resolution: note.trim() } : {}),
        },
      });
      onClose(saved);
    } catch (e) {
      setError(e instanceof ApiError ? [e.message, ...Object.values(e.errors).flat()].join(' ') : String(e));
    }
  }
  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby="exception-title"
      maxWidth="sm"
      fullWidth
      data-testid="exception-dialog"
    >
      <DialogTitle id="exception-title">
        {title} · {String(record.claim_control_number ?? '')}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {String(record.message ?? '')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            size="small"
            label={L('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': L('search') } }}
          />
          <TextField
            select
            size="small"
            label={L('claim')}
            value={claimId}
            onChange={(e) => setClaimId(e.target.value === '' ? '' : Number(e.target.value))}
            slotProps={{ htmlInput: { 'aria-label': L('claim') } }}
          >
            <MenuItem value="">
              <em>—</em>
            </MenuItem>
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.code} · {o.patient_name ?? ''} · {o.date_of_service ?? ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={L('note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'aria-label': L('note') } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{L('cancel')}</Button>
        <Button variant="contained" disabled={!claimId && !note.trim()} onClick={() => void resolve()}>
          {claimId ? L('post') : L('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
