import { Avatar, Badge, Box, Button, Divider, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { appLabel, useT } from '../i18n/i18n.ts';
import { logout } from '../session/logout.ts';
import { useMe } from './me-context.ts';
import { useShell } from './shell-context.ts';
import { Spotlight } from './Spotlight.tsx';
import { AppIcon } from './app-icons.tsx';
import CloudUpload from '@mui/icons-material/CloudUpload';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { useFileUrl } from '../files/use-file-url.ts';
import { StartMenu } from './StartMenu.tsx';
import { UploadQueuePanel } from './UploadQueuePanel.tsx';
import { DemoHistoryProgress } from './DemoHistoryProgress.tsx';
import { useUploadQueue } from './upload-queue.ts';
import Chat from '@mui/icons-material/Chat';
import { useUnreadMessages } from '../screens/messenger/messenger-events.ts';

/** The taskbar (Windows style, at the bottom) or the dock (macOS style, on the side the profile names). */
export function Taskbar({ orientation, macos }: { orientation: 'horizontal' | 'vertical'; macos: boolean }) {
  const t = useT();
  const { me } = useMe();
  const photo = useFileUrl(me.user.photo);
  const { apps, state, taskbars, open, openByName } = useShell();
  const [startAnchor, setStartAnchor] = useState<HTMLElement | null>(null);
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const [uploadsAnchor, setUploadsAnchor] = useState<HTMLElement | null>(null);
  const queue = useUploadQueue();
  const vertical = orientation === 'vertical';
  // Pinned apps first, then the other open windows, each once.
  const names = [
    ...taskbars.filter((n) => apps.some((a) => a.name === n)),
    ...state.windows.map((w) => w.app).filter((n) => !taskbars.includes(n)),
  ];
  const pending = queue.filter((i) => i.status !== 'uploaded').length;
  const unread = useUnreadMessages();
  const messenger = apps.some((a) => a.name === 'Messenger');

  return (
    <Box
      component="nav"
      aria-label={t('shell.open_windows')}
      data-testid="taskbar"
      data-style={macos ? 'macos' : 'windows'}
      sx={{
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        alignItems: 'center',
        gap: 0.5,
        p: 0.5,
        zIndex: 10000,
        bgcolor: macos ? 'rgba(255,255,255,.55)' : 'rgba(15,23,42,.92)',
        color: macos ? '#0f172a' : '#fff',
        backdropFilter: 'blur(10px)',
        ...(macos ? { m: 1, borderRadius: 3, alignSelf: 'center' } : {}),
        ...(vertical ? { height: macos ? 'auto' : '100%' } : { width: macos ? 'auto' : '100%' }),
      }}
    >
      <Button
        variant="contained"
        onClick={(e) => setStartAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!startAnchor}
        data-testid="start-button"
      >
        {t('shell.start')}
      </Button>
      <StartMenu anchor={startAnchor} onClose={() => setStartAnchor(null)} />
      {!vertical && <Spotlight />}
      <Divider
        orientation={vertical ? 'horizontal' : 'vertical'}
        flexItem
        sx={{ borderColor: 'rgba(127,127,127,.5)' }}
      />
      <Box sx={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', gap: 0.5, flex: 1, overflow: 'auto' }}>
        {names.map((name) => {
          const app = apps.find((a) => a.name === name)!;
          const win = state.windows.find((w) => w.app === name);
          const active = !!win && state.focused === win.id && !win.minimized;
          return (
            <Tooltip key={name} title={appLabel(t, name)} placement={vertical ? 'right' : 'top'}>
              <Button
                onClick={() => open(app)}
                data-testid={`taskbar-${name}`}
                aria-pressed={active}
                aria-label={appLabel(t, name)}
                sx={{
                  color: 'inherit',
                  minWidth: 44,
                  textTransform: 'none',
                  borderBottom: win ? '3px solid' : '3px solid transparent',
                  borderColor: active ? 'primary.main' : win ? 'grey.500' : 'transparent',
                }}
              >
                <AppIcon name={name} />
                <Box component="span" sx={{ width: vertical ? 0 : 6 }} />
                {!vertical && !macos && <span>{appLabel(t, name)}</span>}
              </Button>
            </Tooltip>
          );
        })}
      </Box>
      <DemoHistoryProgress />
      {messenger && (
        <Tooltip title={appLabel(t, 'Messenger')}>
          <IconButton
            sx={{ color: 'inherit' }}
            onClick={() => openByName('Messenger')}
            data-testid="messenger-unread"
            aria-label={unread ? t('shell.unread_messages', { smart_count: unread }) : appLabel(t, 'Messenger')}
          >
            {/* The count is drawn only when there is one, and the button's name says it (its visible text is part of its name). */}
            {unread ? (
              <Badge badgeContent={unread} color="error" max={999}>
                <Chat aria-hidden />
              </Badge>
            ) : (
              <Chat aria-hidden />
            )}
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('shell.uploads')}>
        <IconButton
          sx={{ color: 'inherit' }}
          onClick={(e) => setUploadsAnchor(e.currentTarget)}
          aria-label={pending ? `${t('shell.uploads')} ${pending}` : t('shell.uploads')}
        >
          {pending ? (
            <Badge badgeContent={pending} color="primary">
              <CloudUpload aria-hidden />
            </Badge>
          ) : (
            <CloudUpload aria-hidden />
          )}
        </IconButton>
      </Tooltip>
      <UploadQueuePanel anchor={uploadsAnchor} onClose={() => setUploadsAnchor(null)} />
      <IconButton onClick={(e) => setUserAnchor(e.currentTarget)} aria-label={me.user.email} data-testid="user-menu">
        <Avatar src={photo} alt="" sx={{ width: 30, height: 30 }}>
          <AccountCircle aria-hidden />
        </Avatar>
      </IconButton>
      <Menu anchorEl={userAnchor} open={!!userAnchor} onClose={() => setUserAnchor(null)}>
        <MenuItem
          onClick={() => {
            setUserAnchor(null);
            openByName('Profile');
          }}
        >
          {appLabel(t, 'Profile')}
        </MenuItem>
        <MenuItem onClick={() => void logout()} data-testid="logout">
          {t('shell.logout')}
        </MenuItem>
      </Menu>
    </Box>
  );
}
