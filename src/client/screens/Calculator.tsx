import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { formatCents } from '../../domain/money-input.ts';

/** The Medical Store's small calculator: amounts in cents, so 0.1 + 0.2 is 0.30. */
export default function Calculator() {
  const [entry, setEntry] = useState('');
  const [total, setTotal] = useState(0);
  const [op, setOp] = useState<'+' | '-' | '×' | null>(null);
  const cents = Number(entry.replace(/\D/g, '') || '0');
  const apply = () =>
    op === '+' ? total + cents : op === '-' ? total - cents : op === '×' ? Math.round((total * cents) / 100) : cents;
  const press = (k: string) => {
    if (/^\d$/.test(k)) setEntry((e) => (e + k).replace(/^0+/, '').slice(0, 11));
    else if (k === 'C') {
      setEntry('');
      setTotal(0);
      setOp(null);
    } else if (k === '=') {
      setTotal(apply());
      setEntry('');
      setOp(null);
    } else {
      setTotal(apply());
      setEntry('');
      setOp(k as '+' | '-' | '×');
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography aria-live="polite" sx={{ fontSize: 28, textAlign: 'right', fontFamily: 'monospace', mb: 2 }}>
        {formatCents(entry ? cents : total, 'us', true)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1 }}>
        {['7', '8', '9', '+', '4', '5', '6', '-', '1', '2', '3', '×', 'C', '0', '00', '='].map((k) => (
          <Button
            key={k}
            variant={/\d/.test(k) ? 'outlined' : 'contained'}
            onClick={() => (k === '00' ? (press('0'), press('0')) : press(k))}
          >
            {k}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
