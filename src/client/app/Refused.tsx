import { Alert, Box } from '@mui/material';
import { useT } from '../i18n/i18n.ts';
import type { ApiError } from '../session/api.ts';

/** Whether a call was refused for lack of permission (403): the window says so instead of waiting forever. */
export const isRefused = (e: unknown) => (e as ApiError | undefined)?.status === 403;

/** What a window shows when the server refused what it needs to show anything. */
export function Refused() {
  const t = useT();
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="info" role="alert">
        {t('shell.refused')}
      </Alert>
    </Box>
  );
}
