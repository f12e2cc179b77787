import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { completeDateEntry } from '../../../domain/date-entry.ts';
import type { CommandDialogProps } from '../../dialogs/dialog-registry.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { showToast } from '../../notify/toast-store.ts';
import { api } from '../../session/api.ts';
import { enqueueUpload } from '../../shell/upload-queue.ts';

/**
 * Choose a payment's EOB files (PDF, JPG, PNG) and their date; each goes into the shell's upload
 * queue, which sends them one after another (the uploads panel shows each file's state and retries).
 */
export default function EobUploadDialog({ record, title, onClose }: CommandDialogProps) {
  const { t } = useI18n();
  const [files, setFiles] = useState<File[]>([]);
  const [date, setDate] = useState('');
  const L = (k: string, o?: Record<string, unknown>) => t(`payments.eobs.${k}`, o);
  const path = `/payments/batch/${String(record.payment_batch_id)}/payments/${record.id}/eobs`;
  const send = () => {
    for (const file of files) {
      enqueueUpload(file.name, async () => {
        const form = new FormData();
        form.append('file', file);
        if (date) form.append('date', date);
        await api(path, { method: 'POST', body: form });
      });
    }
    showToast('success', t('upload.queued', { smart_count: files.length }));
    onClose();
  };
  return (
    <Dialog open onClose={() => onClose()} aria-labelledby="eob-title" maxWidth="sm" fullWidth data-testid="eob-dialog">
      <DialogTitle id="eob-title">
        {title} · {String(record.reference ?? '')}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Button variant="outlined" component="label">
            {L('choose')}
            <input
              hidden
              type="file"
              multiple
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              aria-label={L('choose')}
              data-testid="eob-files"
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
          </Button>
          {files.map((f) => (
            <Typography key={f.name} variant="body2">
              {f.name}
            </Typography>
          ))}
          <TextField
            size="small"
            label={L('date')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            onBlur={() => setDate((d) => (d ? (completeDateEntry(d) ?? d) : d))}
            slotProps={{ htmlInput: { 'aria-label': L('date') } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{L('cancel')}</Button>
        <Button variant="contained" disabled={!files.length} onClick={send}>
          {L('upload', { smart_count: files.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
