import { Box, CircularProgress } from '@mui/material';

export function Loading() {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 120 }}
    >
      <CircularProgress />
    </Box>
  );
}
