import { Button, Chip, List, ListItem, ListItemText, ListSubheader, Popover } from '@mui/material';
import { JobProgress } from '../jobs/JobProgress.tsx';
import { useMyJobs } from '../jobs/use-jobs.ts';
import { useT } from '../i18n/i18n.ts';
import { clearQueue, isQueueIdle, queueStatus, retryAll, retryUpload, useUploadQueue } from './upload-queue.ts';

const COLOR = { waiting: 'default', uploading: 'info', uploaded: 'success', error: 'error' } as const;

export function UploadQueuePanel({ anchor, onClose }: { anchor: HTMLElement | null; onClose(): void }) {
  const t = useT();
  const queue = useUploadQueue();
  const jobs = useMyJobs(!!anchor);
  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <List dense sx={{ width: 340 }} aria-label={t('shell.uploads')} data-testid="upload-queue">
        {!queue.length && (
          <ListItem>
            <ListItemText primary={t('upload.empty')} />
          </ListItem>
        )}
        {!!queue.length && (
          <ListItem
            data-testid="upload-queue-status"
            data-status={queueStatus()}
            secondaryAction={
              <>
                <Button
                  size="small"
                  disabled={!isQueueIdle() || !queue.some((i) => i.status === 'error')}
                  onClick={() => retryAll()}
                >
                  {t('upload.retry_all')}
                </Button>
                <Button size="small" disabled={!isQueueIdle()} onClick={() => clearQueue()}>
                  {t('upload.clear')}
                </Button>
              </>
            }
          >
            <ListItemText primary={t(`upload.queue.${queueStatus()}`)} />
          </ListItem>
        )}
        {queue.map((i) => (
          <ListItem
            key={i.id}
            secondaryAction={
              i.status === 'error' ? (
                <Button size="small" disabled={!isQueueIdle()} onClick={() => retryUpload(i.id)}>
                  {t('upload.retry')}
                </Button>
              ) : undefined
            }
          >
            <ListItemText primary={i.name} secondary={i.error ?? i.note} />
            <Chip
              size="small"
              color={COLOR[i.status]}
              label={t(`upload.${i.status}`)}
              sx={{ mr: i.status === 'error' ? 8 : 0 }}
            />
          </ListItem>
        ))}
        {!!jobs.data?.length && <ListSubheader>{t('jobs.title')}</ListSubheader>}
        {jobs.data?.slice(0, 8).map((j) => (
          <ListItem key={`job-${j.id}`}>
            <JobProgress job={j} />
          </ListItem>
        ))}
      </List>
    </Popover>
  );
}
