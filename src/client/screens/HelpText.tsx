import { Box, Typography } from '@mui/material';
import { useT } from '../i18n/i18n.ts';

function Text({ k }: { k: string }) {
  const t = useT();
  return <Box sx={{ p: 2 }}><Typography>{t(k)}</Typography></Box>;
}

export const GuidelinesText = () => <Text k="shell.guidelines_text" />;
