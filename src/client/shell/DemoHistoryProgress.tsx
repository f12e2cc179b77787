import { Chip, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { api } from '../session/api.ts';

interface Progress {
  running: boolean;
  step?: number;
  steps?: number;
}

/** How often the desktop asks again while the demo's history is being made (it takes minutes). */
const ASK_EVERY_MS = 5_000;

/**
 * The taskbar's word that the demo is still filling in its eighteen months (claims sent, answered and paid): which
 * step of how many, asked every few seconds, gone once the history is made — a newcomer then knows that empty
 * reports and unsent claims are the demo still at work, not the product.
 */
export function DemoHistoryProgress() {
  const t = useT();
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () =>
      api<Progress>('/demo-history')
        .then((p) => {
          if (!live) return;
          setProgress(p);
          if (p.running) timer = setTimeout(ask, ASK_EVERY_MS);
        })
        .catch(() => undefined);
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  if (!progress?.running || !progress.step || !progress.steps) return null;
  return (
    <Tooltip title={t(`demo_history.step_${progress.step}`)}>
      <Chip
        size="small"
        color="warning"
        data-testid="demo-history-progress"
        label={t('demo_history.running', { step: progress.step, steps: progress.steps })}
        sx={{ mx: 1 }}
      />
    </Tooltip>
  );
}
