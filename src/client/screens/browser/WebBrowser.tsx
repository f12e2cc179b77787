import { Delete, OpenInNew } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { webAddress } from '../../../domain/web-address.ts';
import { useT } from '../../i18n/i18n.ts';
import { api, type ApiError } from '../../session/api.ts';

interface Portal {
  id: number;
  name: string;
  payer_id: string | null;
  url: string;
}
interface Bookmark {
  id: number;
  title: string;
  url: string;
}

/** Payer portals answer with frame-ancestors/X-Frame-Options: they open in a tab of their own, never in a frame. */
const openTab = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');
const host = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The Web Browser: the payer portals of the insurance companies (their website fields) and the
 * person's own bookmarks, each opened in a new browser tab; an address typed opens the same way.
 */
export default function WebBrowser() {
  const t = useT();
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [portals, setPortals] = useState<{ data: Portal[]; count: number } | null>(null);
  const [bookmarks, setBookmarks] = useState<Bookmark[]>([]);
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    api<Bookmark[]>('/bookmarks').then(setBookmarks, () => setBookmarks([]));
  }, []);
  useEffect(() => {
    let live = true;
    const h = setTimeout(() => {
      api<{ data: Portal[]; count: number }>('/web-browser/portals', {
        query: { query: typed.trim(), itemsPerPage: 100 },
      }).then(
        (r) => live && setPortals(r),
        () => live && setPortals({ data: [], count: 0 }),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(h);
    };
  }, [typed]);

  const go = (e: FormEvent) => {
    e.preventDefault();
    const target = webAddress(address);
    if (!target) {
      setAddressError(t('browser.bad_address'));
      return;
    }
    setAddressError(null);
    openTab(target);
  };
  const keep = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const b = await api<Bookmark>('/bookmarks', { method: 'POST', body: { title, url } });
      setBookmarks((list) => [...list, b]);
      setTitle('');
      setUrl('');
      setErrors({});
    } catch (err) {
      setErrors((err as ApiError).errors ?? {});
    }
  };
  const drop = async (id: number) => {
    await api(`/bookmarks/${id}`, { method: 'DELETE' }).catch(() => undefined);
    setBookmarks((list) => list.filter((b) => b.id !== id));
  };

  return (
    <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%', overflow: 'auto' }}>
      <Box component="form" onSubmit={go} sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          label={t('browser.address')}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="https://"
          sx={{ flex: 1 }}
          error={!!addressError}
          helperText={addressError ?? ' '}
        />
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          {t('browser.open')}
        </Button>
      </Box>
      <Alert severity="info">{t('browser.new_tab')}</Alert>

      <Typography component="h3" sx={{ fontWeight: 600 }}>
        {t('browser.portals')}
      </Typography>
      <TextField
        size="small"
        label={t('browser.find_payer')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <List
        dense
        aria-label={t('browser.portals')}
        data-testid="portal-list"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0, maxHeight: 240, overflow: 'auto' }}
      >
        {portals?.data.length === 0 && (
          <ListItem>
            <ListItemText primary={t('browser.no_portals')} />
          </ListItem>
        )}
        {portals?.data.map((p) => (
          <ListItem key={p.id} disablePadding>
            <ListItemButton onClick={() => openTab(p.url)}>
              <ListItemText primary={p.name} secondary={host(p.url)} />
              <OpenInNew fontSize="small" sx={{ color: 'text.secondary' }} titleAccess={t('browser.opens_tab')} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>

      <Typography component="h3" sx={{ fontWeight: 600 }}>
        {t('browser.bookmarks')}
      </Typography>
      <List
        dense
        aria-label={t('browser.bookmarks')}
        data-testid="bookmark-list"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}
      >
        {bookmarks.length === 0 && (
          <ListItem>
            <ListItemText primary={t('browser.no_bookmarks')} />
          </ListItem>
        )}
        {bookmarks.map((b) => (
          <ListItem
            key={b.id}
            disablePadding
            secondaryAction={
              <Tooltip title={t('browser.remove')}>
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`${t('browser.remove')} ${b.title}`}
                  onClick={() => void drop(b.id)}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemButton onClick={() => openTab(b.url)} sx={{ pr: 6 }}>
              <ListItemText primary={b.title} secondary={host(b.url)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Box
        component="form"
        onSubmit={keep}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('browser.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={!!errors.title}
          helperText={errors.title?.[0] ?? ' '}
          sx={{ flex: 1, minWidth: 140 }}
        />
        <TextField
          size="small"
          label={t('browser.address')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={!!(errors.url ?? errors.bookmarks)}
          helperText={(errors.url ?? errors.bookmarks)?.[0] ?? ' '}
          sx={{ flex: 2, minWidth: 180 }}
        />
        <Button type="submit" variant="outlined">
          {t('browser.add')}
        </Button>
      </Box>
    </Box>
  );
}
