import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../i18n/i18n.ts';
import { JobProgress } from './JobProgress.tsx';
import { useJob } from './use-jobs.ts';

/**
 * A job a person just started from a record (send a batch), followed until it ends: its steps as a
 * progress bar, then what came of it. The records it changed are read again when it finishes.
 */
export function JobDialog({ job, onClose }: { job: { id: number; label: string }; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { data } = useJob(job.id);
  const finished = data?.state === 'completed' || data?.state === 'failed';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries();
  }, [finished, queryClient]);
  return (
    <Dialog
      open
      onClose={finished ? onClose : undefined}
      aria-labelledby={`job-dialog-${job.id}`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`job-dialog-${job.id}`}>{job.label}</DialogTitle>
      <DialogContent>{data && <JobProgress job={data} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!finished}>
          {t('record.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
