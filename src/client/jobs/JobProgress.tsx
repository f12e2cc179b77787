import { Box, LinearProgress, Typography } from '@mui/material';
import { useT } from '../i18n/i18n.ts';
import type { JobView } from './use-jobs.ts';

/** A job as a progress bar: determinate once its total is known, with its state, count and message. */
export function JobProgress({ job }: { job: JobView }) {
  const t = useT();
  const failed = job.state === 'failed';
  const finished = job.state === 'completed' || failed;
  return (
    <Box data-testid={`job-${job.id}`} sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2">{t(`jobs.kinds.${job.kind}`, { _: job.kind })}</Typography>
        <Typography variant="body2" color={failed ? 'error' : 'text.secondary'}>
          {t(`jobs.states.${job.state}`)}
          {job.percent !== null && !finished ? ` · ${job.percent}%` : ''}
        </Typography>
      </Box>
      <LinearProgress
        variant={job.percent === null && !finished ? 'indeterminate' : 'determinate'}
        value={finished ? 100 : (job.percent ?? 0)}
        color={failed ? 'error' : job.state === 'completed' ? 'success' : 'primary'}
        aria-label={t('jobs.progress')}
        sx={{ my: 0.5 }}
      />
      {(job.error || job.message) && (
        <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} data-testid={`job-${job.id}-message`}>
          {job.error ?? t(`jobs.steps.${job.message}`, { _: job.message ?? '' })}
        </Typography>
      )}
    </Box>
  );
}
