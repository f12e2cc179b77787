import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/i18n.ts';

export default function NotFound() {
  const t = useT();
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', textAlign: 'center', p: 4 }}>
      <div>
        <Typography variant="h1" sx={{ fontSize: 40, mb: 2 }}>
          {t('notfound.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('notfound.body')}</Typography>
        <Button variant="contained" component={Link} to="/">
          {t('notfound.home')}
        </Button>
      </div>
    </Box>
  );
}
