import { Box, Button, LinearProgress, Menu, MenuItem, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useJob } from '../../jobs/use-jobs.ts';
import { useI18n } from '../../i18n/i18n.ts';
import { notifyError } from '../../notify/notify-error.ts';
import { api, apiBlob } from '../../session/api.ts';

type Format = 'csv' | 'xlsx' | 'pdf';

/** A report of more lines than this is exported by a background job, with its progress shown. */
export const LONG_EXPORT_ROWS = 2000;

const save = (blob: Blob, name: string) => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
};

/**
 * Export of exactly what the report shows, as CSV, XLSX or PDF: at once for a short report; for a
 * long one as a job whose progress shows here and whose file downloads when it is done.
 */
export function ReportExport({
  reportKey,
  query,
  rows,
}: {
  reportKey: string;
  query: Record<string, string>;
  rows: number;
}) {
  const { t } = useI18n();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [job, setJob] = useState<{ id: number; format: Format } | null>(null);
  const { data: progress } = useJob(job?.id ?? null);
  useEffect(() => {
    if (!job || !progress) return;
    if (progress.state === 'failed') {
      notifyError(t, new Error(progress.error ?? t('reports.export_failed')));
      setJob(null);
    }
    if (progress.state === 'completed') {
      const result = progress.result as { file_id: number; name: string };
      apiBlob(`/files/${result.file_id}/content`)
        .then((b) => save(b, result.name))
        .catch((e) => notifyError(t, e))
        .finally(() => setJob(null));
    }
  }, [job, progress, t]);
  const download = async (format: Format) => {
    setAnchor(null);
    try {
      if (rows > LONG_EXPORT_ROWS) {
        const queued = await api<{ id: number }>(`/reports/${reportKey}/export-jobs`, {
          method: 'POST',
          body: { ...query, format },
        });
        setJob({ id: queued.id, format });
        return;
      }
      const params = new URLSearchParams(query);
      params.set('format', format);
      save(await apiBlob(`/reports/${reportKey}/export?${params.toString()}`), `${reportKey}.${format}`);
    } catch (e) {
      notifyError(t, e);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" disabled={!!job}>
        {t('list.export')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download('csv')}>{t('list.export_csv')}</MenuItem>
        <MenuItem onClick={() => void download('xlsx')}>{t('list.export_xlsx')}</MenuItem>
        <MenuItem onClick={() => void download('pdf')}>{t('list.export_pdf')}</MenuItem>
      </Menu>
      {job && (
        <Box sx={{ minWidth: 200 }} role="status" aria-live="polite">
          <Typography variant="caption">{t('reports.exporting', { rows: rows.toLocaleString() })}</Typography>
          <LinearProgress
            variant={progress?.percent ? 'determinate' : 'indeterminate'}
            value={progress?.percent ?? 0}
            aria-label={t('jobs.progress')}
          />
        </Box>
      )}
    </>
  );
}
