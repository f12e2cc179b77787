import { Box } from '@mui/material';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n/i18n.ts';
import { notifyError } from '../notify/notify-error.ts';
import { api } from '../session/api.ts';
import { AppContent, ResourceWindow } from './AppContent.tsx';
import { whenIdle } from '../app/when-idle.ts';
import { DESKTOP_ICONS, buildCatalogue, findApp, type DesktopApp } from './app-catalogue.ts';
import { backgroundFor } from './backgrounds.ts';
import { DesktopIcons } from './DesktopIcons.tsx';
import { useMe } from './me-context.ts';
import { ShellWindowView } from './ShellWindowView.tsx';
import { ShellContext } from './shell-context.ts';
import { Taskbar } from './Taskbar.tsx';
import { useShortcuts } from './use-shortcuts.ts';
import { initialWindows, windowsReducer } from './window-manager.ts';

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/** The desktop: background, icons, windows and the taskbar (Windows style) or dock (macOS style). */
export function Desktop({ openApp }: { openApp?: string }) {
  const { me, reload } = useMe();
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(windowsReducer, initialWindows);
  const [taskbars, setTaskbars] = useState<string[]>(me.taskbars);
  const apps = useMemo(() => buildCatalogue(me, viewport()), [me]);
  const openedFromRoute = useRef(false);

  const open = (app: DesktopApp) => dispatch({ type: 'open', app: app.name, size: app.size, viewport: viewport() });
  const openByName = (name: string) => {
    const app = findApp(apps, name);
    if (app) open(app);
  };

  useEffect(() => {
    if (openApp && !openedFromRoute.current) {
      openedFromRoute.current = true;
      openByName(openApp);
      navigate('/desktop', { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openApp]);
  useEffect(() => {
    const onResize = () => dispatch({ type: 'clamp', viewport: viewport() });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useShortcuts(state, dispatch);
  // Screens stay lazy, but once the desktop is idle the list screens are fetched ahead of the first click.
  useEffect(() => whenIdle(() => void ResourceWindow.preload()), []);

  const pinToTaskbar = async (name: string, pin: boolean) => {
    try {
      const r = await api<{ taskbars: string[] }>(pin ? '/user/taskbar' : '/user/taskbar-unpin', {
        method: pin ? 'POST' : 'PUT',
        body: { module: name },
      });
      setTaskbars(r.taskbars);
    } catch (e) {
      notifyError(t, e);
    }
  };

  const macos = me.profile.nav_bar_position !== 'bottom';
  const side = macos ? me.profile.nav_bar_position : 'bottom';
  const shell = { apps, open, openByName, taskbars, pinToTaskbar, dispatch, state, reloadMe: reload };

  return (
    <ShellContext.Provider value={shell}>
      <Box
        component="main"
        aria-label={t('shell.desktop')}
        lang={locale}
        sx={{
          position: 'fixed',
          inset: 0,
          overflow: 'hidden',
          background: backgroundFor(me.profile.style.background, me.profile.dark_mode),
          display: 'flex',
          flexDirection:
            side === 'left' ? 'row' : side === 'right' ? 'row-reverse' : side === 'top' ? 'column' : 'column-reverse',
        }}
      >
        <Taskbar orientation={side === 'left' || side === 'right' ? 'vertical' : 'horizontal'} macos={macos} />
        <Box sx={{ position: 'relative', flex: 1, overflow: 'hidden' }} data-testid="desktop-area">
          <DesktopIcons
            apps={DESKTOP_ICONS.map((n) => apps.find((a) => a.name === n)).filter((a): a is DesktopApp => !!a)}
          />
          {state.windows.map((w) => {
            const app = apps.find((a) => a.name === w.app)!;
            return (
              <ShellWindowView key={w.id} win={w} app={app} focused={state.focused === w.id}>
                <AppContent app={app} />
              </ShellWindowView>
            );
          })}
        </Box>
      </Box>
    </ShellContext.Provider>
  );
}
