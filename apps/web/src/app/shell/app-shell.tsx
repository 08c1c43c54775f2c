// The shell of 000 §2 around every screen: top bar, drawer (docked and open by default above
// 1350 px, temporary below) and the screen itself.
import { Box, CircularProgress, Toolbar, useMediaQuery } from '@mui/material';
import { useSnackbar } from 'notistack';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';

import { menuFor, routeOfPath, type MenuEntry } from '@funil/domain/access/routes';

import { useLogout } from '../../features/auth/api/logout.ts';
import { useAccessContext } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { useLoadedUnitData, useUnitData } from '../../lib/unit-data.ts';
import { ChatShellParts } from '../chat-shell-parts.tsx';
import { ScreenErrorBoundary } from '../screen-error-boundary.tsx';
import { DRAWER_BREAKPOINT_PX, DRAWER_WIDTH } from '../theme.ts';
import { useUnitDataLive } from '../use-unit-data-live.ts';
import { AppDrawer } from './app-drawer.tsx';
import { TopBar } from './top-bar.tsx';

let notificationAsked = false;

// 000 §2: on start the browser notification permission is requested (once; some browsers lack the API).
function useNotificationPermission(): void {
  useEffect(() => {
    if (notificationAsked || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    notificationAsked = true;
    Notification.requestPermission().catch(() => undefined);
  }, []);
}

function titleOf(entries: MenuEntry[], pathname: string): string {
  const route = routeOfPath(pathname);
  for (const entry of entries) {
    if (entry.kind === 'link' && entry.route === route) return entry.label;
    if (entry.kind === 'group') {
      const child = entry.children.find((c) => c.route === route);
      if (child) return child.label;
    }
  }
  return 'Funil';
}

export function AppShell() {
  const wide = useMediaQuery(`(min-width: ${DRAWER_BREAKPOINT_PX + 1}px)`, { noSsr: true });
  const compact = useMediaQuery('(max-width: 599.95px)', { noSsr: true });
  const [dockedOpen, setDockedOpen] = useState(true);
  const [temporaryOpen, setTemporaryOpen] = useState(false);
  const drawerOpen = wide ? dockedOpen : temporaryOpen;
  const toggleDrawer = () => (wide ? setDockedOpen((open) => !open) : setTemporaryOpen((open) => !open));

  const user = useCurrentUser();
  const unit = useLoadedUnitData();
  const { refetch, isFetching } = useUnitData();
  const access = useAccessContext();
  const entries = useMemo(() => menuFor(access), [access]);
  const { pathname } = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const logout = useLogout();
  useNotificationPermission();
  useUnitDataLive();

  const refresh = async () => {
    const result = await refetch();
    if (result.isSuccess) enqueueSnackbar('Dados atualizados.', { variant: 'success' });
    // A 401 has already logged out; any other failure leaves the loaded data in place.
    else if (result.error instanceof ApiError && result.error.status !== 401) {
      enqueueSnackbar(result.error.message, { variant: 'error' });
    }
  };

  const offset = wide && drawerOpen ? DRAWER_WIDTH : 0;
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <TopBar
        title={titleOf(entries, pathname)}
        subtitle={unit.dados_unidade.nome}
        drawerOpen={drawerOpen}
        offset={offset}
        compact={compact}
        refreshing={isFetching}
        onToggleDrawer={toggleDrawer}
        onRefresh={() => void refresh()}
        onLogout={() => void logout()}
      />
      <ChatShellParts />
      <AppDrawer
        variant={wide ? 'persistent' : 'temporary'}
        open={drawerOpen}
        onClose={() => setTemporaryOpen(false)}
        user={user}
        entries={entries}
      />
      <Box
        component="main"
        sx={{
          ml: `${offset}px`,
          px: { xs: 2, sm: 3, md: 4 },
          pb: 4,
          transition: (theme) => theme.transitions.create('margin', { duration: theme.transitions.duration.shorter }),
        }}
      >
        <Toolbar sx={{ minHeight: 64, mb: 3 }} />
        {/* Outside the Suspense too, so a screen whose code fails to load is caught as well. */}
        <ScreenErrorBoundary>
          <Suspense fallback={<CircularProgress aria-label="Carregando tela" />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </Box>
    </Box>
  );
}
