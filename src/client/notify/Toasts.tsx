import { Alert, AlertTitle, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';
import { dismissToast, subscribeToasts, type Toast } from './toast-store.ts';

export function Toasts() {
  const [list, setList] = useState<Toast[]>([]);
  const t = useT();
  useEffect(() => subscribeToasts(setList), []);
  return (
    // Top right (document 1), below a maximized window's title bar. A toast never takes a click meant for what it
    // covers (a window's Edit or Close button): the pointer goes through it; it leaves by itself after 2.5 s, and
    // its close button is still reached from the keyboard.
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 44,
        right: 12,
        zIndex: 20000,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        width: 360,
        maxWidth: 'calc(100vw - 24px)',
        pointerEvents: 'none',
        '& .MuiAlert-root': { opacity: 0.96 },
      }}
    >
      {list.map((toast) => (
        <Alert
          key={toast.id}
          severity={toast.type}
          variant="filled"
          onClose={() => dismissToast(toast.id)}
          data-testid={`toast-${toast.type}`}
          slotProps={{ closeButton: { title: t('toast.close'), 'aria-label': t('toast.close') } }}
        >
          <AlertTitle>{toast.title}</AlertTitle>
          {toast.lines.map((l, i) => (
            <div key={i}>{l}</div>
          ))}
        </Alert>
      ))}
    </Box>
  );
}
