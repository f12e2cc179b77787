import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { appLabel, useT } from '../i18n/i18n.ts';
import type { DesktopApp } from './app-catalogue.ts';
import { AppIcon } from './app-icons.tsx';
import Close from '@mui/icons-material/Close';
import CropSquare from '@mui/icons-material/CropSquare';
import FilterNone from '@mui/icons-material/FilterNone';
import FlipToFront from '@mui/icons-material/FlipToFront';
import Minimize from '@mui/icons-material/Minimize';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import { useShell } from './shell-context.ts';
import type { ShellWindow } from './window-manager.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** One app window: move by the title bar, resize from the right and bottom edges or the corner grip, minimize, maximize, keep on top, close. */
export function ShellWindowView({
  win,
  app,
  focused,
  children,
}: {
  win: ShellWindow;
  app: DesktopApp;
  focused: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const { dispatch, taskbars, pinToTaskbar } = useShell();
  const ref = useRef<HTMLDivElement>(null);
  const title = appLabel(t, app.name);
  const pinned = taskbars.includes(app.name);

  // The active window holds the keyboard: focus moves into it when it becomes active.
  useEffect(() => {
    if (focused && ref.current && !ref.current.contains(document.activeElement)) ref.current.focus();
  }, [focused]);

  const drag = (e: ReactPointerEvent, mode: 'move' | 'e' | 's' | 'se') => {
    if (win.maximized || e.button !== 0) return;
    if ((e.target as HTMLElement).closest('button') && mode === 'move') return;
    e.preventDefault();
    const start = { x: e.clientX, y: e.clientY, wx: win.x, wy: win.y, w: win.width, h: win.height };
    // Frames inside the window would swallow the pointer while dragging.
    document.body.classList.add('shell-dragging');
    const onMove = (ev: PointerEvent) => {
      if (mode === 'move')
        dispatch({ type: 'move', id: win.id, x: start.wx + ev.clientX - start.x, y: start.wy + ev.clientY - start.y });
      else {
        const width = mode === 's' ? start.w : Math.max(app.size.minWidth ?? 260, start.w + ev.clientX - start.x);
        dispatch({
          type: 'resize',
          id: win.id,
          width,
          height: mode === 'e' ? start.h : start.h + ev.clientY - start.y,
        });
      }
    };
    const onUp = () => {
      document.body.classList.remove('shell-dragging');
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  // Tab and Shift+Tab go round inside the active window instead of leaving it.
  const trapTab = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const bounds = win.maximized
    ? { left: 0, top: 0, width: '100%', height: '100%' }
    : { left: win.x, top: win.y, width: win.width, height: win.height };
  return (
    <Paper
      ref={ref}
      role="dialog"
      aria-label={title}
      aria-modal={false}
      tabIndex={-1}
      elevation={focused ? 12 : 4}
      data-testid={`window-${app.name}`}
      data-minimized={win.minimized}
      data-maximized={win.maximized}
      data-ontop={win.onTop}
      data-focused={focused}
      onPointerDownCapture={() => {
        if (!focused) dispatch({ type: 'focus', id: win.id });
      }}
      onKeyDown={trapTab}
      sx={{
        position: 'absolute',
        ...bounds,
        zIndex: (win.onTop ? 5000 : 0) + win.z,
        display: win.minimized ? 'none' : 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        outline: 'none',
        borderRadius: win.maximized ? 0 : 2,
      }}
    >
      <Box
        onPointerDown={(e) => drag(e, 'move')}
        onDoubleClick={() => dispatch({ type: 'toggleMaximize', id: win.id })}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.25,
          cursor: win.maximized ? 'default' : 'move',
          userSelect: 'none',
          bgcolor: focused ? 'primary.dark' : 'grey.700',
          color: '#fff',
        }}
      >
        <AppIcon name={app.name} size={18} />
        <Typography
          component="h2"
          sx={{
            flex: 1,
            fontSize: 14,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {title}
        </Typography>
        <Tooltip title={t(pinned ? 'shell.unpin_taskbar' : 'shell.pin_taskbar')}>
          <IconButton
            size="small"
            sx={{ color: 'inherit' }}
            aria-label={t(pinned ? 'shell.unpin_taskbar' : 'shell.pin_taskbar')}
            aria-pressed={pinned}
            onClick={() => void pinToTaskbar(app.name, !pinned)}
          >
            {pinned ? <PushPin fontSize="small" /> : <PushPinOutlined fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t(win.onTop ? 'shell.unpin_on_top' : 'shell.pin_on_top')}>
          <IconButton
            size="small"
            sx={{ color: 'inherit' }}
            aria-label={t(win.onTop ? 'shell.unpin_on_top' : 'shell.pin_on_top')}
            aria-pressed={win.onTop}
            onClick={() => dispatch({ type: 'toggleOnTop', id: win.id })}
          >
            {win.onTop ? <VerticalAlignTop fontSize="small" /> : <FlipToFront fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('shell.minimize')}>
          <IconButton
            size="small"
            sx={{ color: 'inherit' }}
            aria-label={t('shell.minimize')}
            onClick={() => dispatch({ type: 'minimize', id: win.id })}
          >
            <Minimize fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t(win.maximized ? 'shell.restore' : 'shell.maximize')}>
          <IconButton
            size="small"
            sx={{ color: 'inherit' }}
            aria-label={t(win.maximized ? 'shell.restore' : 'shell.maximize')}
            onClick={() => dispatch({ type: 'toggleMaximize', id: win.id })}
          >
            {win.maximized ? <FilterNone fontSize="small" /> : <CropSquare fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('shell.close')}>
          <IconButton
            size="small"
            sx={{ color: 'inherit' }}
            aria-label={t('shell.close')}
            onClick={() => dispatch({ type: 'close', id: win.id })}
          >
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flex: 1, overflow: 'auto', bgcolor: 'background.paper', position: 'relative' }}>{children}</Box>
      {!win.maximized && (
        <>
          {/* Resized from its right and bottom edges (6 px each) or from the corner, which shows a grip. */}
          <Box
            aria-hidden
            data-testid="resize-e"
            onPointerDown={(e) => drag(e, 'e')}
            sx={{ position: 'absolute', right: 0, top: 32, bottom: 16, width: 6, cursor: 'ew-resize' }}
          />
          <Box
            aria-hidden
            data-testid="resize-s"
            onPointerDown={(e) => drag(e, 's')}
            sx={{ position: 'absolute', left: 0, right: 16, bottom: 0, height: 6, cursor: 'ns-resize' }}
          />
          <Box
            aria-hidden
            data-testid="resize-se"
            onPointerDown={(e) => drag(e, 'se')}
            sx={{
              position: 'absolute',
              right: 0,
              bottom: 0,
              width: 16,
              height: 16,
              cursor: 'nwse-resize',
              opacity: 0.6,
              background:
                'linear-gradient(135deg, transparent 0 55%, currentColor 55% 62%, transparent 62% 72%, currentColor 72% 79%, transparent 79%)',
              color: 'text.secondary',
            }}
          />
        </>
      )}
    </Paper>
  );
}
