// The side drawer of 000 §2: 256 px, the user's name and permission name, the menu, the version.
import { Avatar, Box, Divider, Drawer, Stack, Typography } from '@mui/material';

import type { MenuEntry } from '@funil/domain/access/routes';
import type { CurrentUser } from '@funil/domain/auth/login';

import { Logo } from '../../components/ui/logo.tsx';
import { DRAWER_WIDTH } from '../theme.ts';
import { DrawerMenu } from './drawer-menu.tsx';

/** 000 §9 "Menu version". */
const APP_VERSION = 'v2.72.2';

const DRAWER_BG = '#0f1e3d';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

type AppDrawerProps = {
  variant: 'persistent' | 'temporary';
  open: boolean;
  onClose: () => void;
  user: CurrentUser;
  entries: MenuEntry[];
};

export function DrawerContent({
  user,
  entries,
  onNavigate,
}: {
  user: CurrentUser;
  entries: MenuEntry[];
  onNavigate?: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: DRAWER_BG, color: '#ffffff' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2.5, minHeight: 64 }}>
        <Logo size={32} />
        <Typography component="span" sx={{ fontSize: '1.25rem', fontWeight: 700, letterSpacing: 0.3 }}>
          Funil
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2.5, py: 2 }} aria-label="Usuário logado" role="group">
        <Avatar sx={{ bgcolor: '#2563eb', width: 40, height: 40, fontSize: '0.95rem', fontWeight: 600 }} aria-hidden>
          {initialsOf(user.name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap title={user.name}>
            {user.name}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: 'rgba(255, 255, 255, 0.7)', lineHeight: 1.3 }}
            noWrap
            title={user.nomePermissao}
          >
            {user.nomePermissao}
          </Typography>
        </Box>
      </Stack>
      <Divider sx={{ borderColor: 'rgba(255, 255, 255, 0.12)' }} />
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <DrawerMenu entries={entries} onNavigate={onNavigate} />
      </Box>
      <Typography
        variant="caption"
        component="p"
        sx={{ px: 2.5, py: 1.5, color: 'rgba(255, 255, 255, 0.6)', borderTop: '1px solid rgba(255, 255, 255, 0.12)' }}
      >
        {APP_VERSION}
      </Typography>
    </Box>
  );
}

export function AppDrawer({ variant, open, onClose, user, entries }: AppDrawerProps) {
  return (
    <Drawer
      variant={variant}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box', border: 0 } } }}
    >
      <DrawerContent user={user} entries={entries} onNavigate={variant === 'temporary' ? onClose : undefined} />
    </Drawer>
  );
}
