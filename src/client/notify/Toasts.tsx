import { Alert, AlertTitle, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { dismissToast, subscribeToasts, type Toast } from './toast-store.ts';

export function Toasts() {
  const [list, setList] = useState<Toast[]>([]);
  const t = useT();
  useEffect(() => subscribeToasts(setList), []);
  return (
    <Box aria-live="polite" sx={{ position: 'fixed', top: 12, right: 12, zIndex: 20000, display: 'flex', flexDirection: 'column', gap: 1, width: 360, maxWidth: 'calc(100vw - 24px)' }}>
      {list.map((toast) => (
        <Alert key={toast.id} severity={toast.type} variant="filled" onClose={() => dismissToast(toast.id)} data-testid={`toast-${toast.type}`} slotProps={{ closeButton: { title: t('toast.close'), 'aria-label': t('toast.close') } }}>
          <AlertTitle>{toast.title}</AlertTitle>
          {toast.lines.map((l, i) => <div key={i}>{l}</div>)}
        </Alert>
      ))}
    </Box>
  );
}
