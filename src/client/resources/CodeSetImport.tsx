import {
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
import { useI18n } from '../i18n/i18n.ts';
import { JobProgress } from '../jobs/JobProgress.tsx';
import { useJob } from '../jobs/use-jobs.ts';
import { showToast } from '../notify/toast-store.ts';
import { api } from '../session/api.ts';
import { enqueueUpload } from '../shell/upload-queue.ts';
import type { ClientEntity } from '../schema/entities.ts';

const ACCEPT: Record<string, string> = {
  icd10cm: '.txt,.gz',
  hcpcs: '.xlsx',
  taxonomy: '.csv',
  pos: '.xml',
  carc: '.csv',
  rarc: '.csv',
};

/**
 * A Super User imports an official release (ICD-10-CM order file, HCPCS workbook…): the file goes
 * through the upload queue into the file store, a job imports it, and its progress shows here.
 */
export function CodeSetImport({ entity, onDone }: { entity: ClientEntity; onDone(): void }) {
  const { t } = useI18n();
  const sets = entity.resource.codeSetImports ?? [];
  const [open, setOpen] = useState(false);
  const [set, setSet] = useState(sets[0]);
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const job = useJob(jobId);
  const state = job.data?.state;

  useEffect(() => {
    if (state === 'completed') {
      showToast('success', t('codesets.done'));
      onDone();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const start = () => {
    if (!file) return;
    setSending(true);
    enqueueUpload(file.name, async () => {
      try {
        const form = new FormData();
        form.append('file', file, file.name);
        const stored = await api<{ id: number }>('/files', { method: 'POST', query: { kind: 'code-set' }, body: form });
        const started = await api<{ id: number }>('/jobs/code-set-import', {
          method: 'POST',
          body: { file_id: stored.id, code_set: set },
        });
        setJobId(started.id);
      } finally {
        setSending(false);
      }
    });
  };

  const close = () => {
    setOpen(false);
    setFile(null);
    setJobId(null);
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="code-set-import">
        {t('codesets.import')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="code-set-import-title" fullWidth maxWidth="xs">
        <DialogTitle id="code-set-import-title">{t('codesets.import')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('codesets.hint')}
          </Typography>
          {sets.length > 1 && (
            <TextField
              select
              fullWidth
              size="small"
              label={t('codesets.set')}
              value={set}
              onChange={(e) => setSet(e.target.value as typeof set)}
              sx={{ mb: 2 }}
            >
              {sets.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`codesets.sets.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button component="label" variant="outlined" disabled={sending || jobId !== null}>
            {file ? file.name : t('codesets.choose', { set: t(`codesets.sets.${set}`) })}
            <input
              hidden
              type="file"
              accept={ACCEPT[set]}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              data-testid="code-set-file"
            />
          </Button>
          {job.data && (
            <Box sx={{ mt: 2 }}>
              <JobProgress job={job.data} />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>
            {state === 'completed' || state === 'failed' ? t('codesets.close') : t('record.cancel')}
          </Button>
          <Button variant="contained" disabled={!file || sending || jobId !== null} onClick={start}>
            {t('codesets.start')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
