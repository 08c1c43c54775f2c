// The top bar of 000 §2: menu button, title, the features' actions, 'Atualizar Dados' and 'Sair'.
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import Refresh from '@mui/icons-material/Refresh';
import { AppBar, Box, Button, CircularProgress, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { TOP_BAR_ACTIONS } from '../top-bar-actions.tsx';

type TopBarProps = {
  title: string;
  subtitle: string;
  drawerOpen: boolean;
  /** Space the docked drawer takes on the left, in px. */
  offset: number;
  /** Icon-only buttons on narrow screens. */
  compact: boolean;
  refreshing: boolean;
  onToggleDrawer: () => void;
  onRefresh: () => void;
  onLogout: () => void;
};

function BarButton({
  label,
  icon,
  compact,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  compact: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} onClick={onClick} disabled={disabled} color="inherit">
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button color="inherit" startIcon={icon} onClick={onClick} disabled={disabled} sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
      {label}
    </Button>
  );
}

export function TopBar({
  title,
  subtitle,
  drawerOpen,
  offset,
  compact,
  refreshing,
  onToggleDrawer,
  onRefresh,
  onLogout,
}: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        width: `calc(100% - ${offset}px)`,
        ml: `${offset}px`,
        transition: (theme) => theme.transitions.create(['width', 'margin'], { duration: theme.transitions.duration.shorter }),
      }}
    >
      {/* On a phone five icon buttons share the 390 px with the title: less gap and padding, a smaller
          title that may take a second line, so 'Meta Insights' reads whole. */}
      <Toolbar sx={{ gap: compact ? 0.25 : 1, minHeight: 64, ...(compact && { px: 1 }) }}>
        <IconButton
          edge={compact ? false : 'start'}
          aria-label={drawerOpen ? 'Fechar menu' : 'Abrir menu'}
          aria-expanded={drawerOpen}
          onClick={onToggleDrawer}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0, ml: 0.5 }}>
          {compact ? (
            <Typography
              variant="subtitle1"
              component="h1"
              sx={{
                fontWeight: 600,
                lineHeight: 1.2,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {title}
            </Typography>
          ) : (
            <Typography variant="h6" component="h1" noWrap sx={{ fontWeight: 600, lineHeight: 1.25 }}>
              {title}
            </Typography>
          )}
          <Typography variant={compact ? 'caption' : 'body2'} component="p" color="text.secondary" noWrap title={subtitle}>
            {subtitle}
          </Typography>
        </Box>
        {TOP_BAR_ACTIONS.map(({ key, component: Action }) => (
          <Action key={key} compact={compact} />
        ))}
        <BarButton
          label="Atualizar Dados"
          compact={compact}
          disabled={refreshing}
          onClick={onRefresh}
          icon={refreshing ? <CircularProgress size={18} color="inherit" aria-label="Atualizando" /> : <Refresh />}
        />
        <BarButton label="Sair" compact={compact} onClick={onLogout} icon={<Logout />} />
      </Toolbar>
    </AppBar>
  );
}
