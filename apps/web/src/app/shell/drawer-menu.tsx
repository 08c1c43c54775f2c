// The drawer menu of 000 §6: links with icons, collapsible groups ('Envio Em Massa', 'Cadastros'),
// the entry of the open screen highlighted.
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

import { routeOfPath, type MenuEntry, type MenuGroup, type MenuLink } from '@funil/domain/access/routes';

import { FALLBACK_GROUP_ICON, GROUP_ICONS, ROUTE_ICONS } from '../menu-icons.tsx';

type DrawerMenuProps = { entries: MenuEntry[]; onNavigate?: () => void };

const itemSx = {
  borderRadius: 2,
  mx: 1,
  my: 0.25,
  color: 'rgba(255, 255, 255, 0.82)',
  '& .MuiListItemIcon-root': { color: 'rgba(255, 255, 255, 0.7)', minWidth: 40 },
  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.08)' },
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: 'rgba(96, 165, 250, 0.22)',
    color: '#ffffff',
    boxShadow: 'inset 3px 0 0 #60a5fa',
    '& .MuiListItemIcon-root': { color: '#93c5fd' },
  },
  '&.Mui-focusVisible': { outline: '2px solid #93c5fd', outlineOffset: -2 },
} as const;

function LinkItem({
  link,
  active,
  nested,
  onNavigate,
}: {
  link: MenuLink;
  active: boolean;
  nested: boolean;
  onNavigate?: () => void;
}) {
  const Icon = ROUTE_ICONS[link.route];
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={link.route}
        selected={active}
        onClick={onNavigate}
        sx={{ ...itemSx, pl: nested ? 4 : 2 }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        {/* Long labels ('Potencial de Negociação') wrap inside the 256 px drawer of 000 §2 rather than being cut. */}
        <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontSize: '0.95rem', lineHeight: 1.25 } } }} />
      </ListItemButton>
    </ListItem>
  );
}

function GroupItem({
  group,
  activeRoute,
  onNavigate,
}: {
  group: MenuGroup;
  activeRoute: string | null;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(true);
  const childrenId = useId();
  const Icon = GROUP_ICONS[group.key] ?? FALLBACK_GROUP_ICON;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component="button"
        aria-expanded={open}
        aria-controls={childrenId}
        onClick={() => setOpen((value) => !value)}
        sx={{ ...itemSx, pl: 2 }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={group.label} slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.95rem' } } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        <List id={childrenId} role="group" aria-label={group.label} disablePadding>
          {group.children.map((child) => (
            <LinkItem key={child.key} link={child} active={child.route === activeRoute} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

export function DrawerMenu({ entries, onNavigate }: DrawerMenuProps) {
  const activeRoute = routeOfPath(useLocation().pathname);
  return (
    <nav aria-label="Menu principal">
      <List dense={false} sx={{ py: 1 }}>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <LinkItem key={entry.key} link={entry} active={entry.route === activeRoute} nested={false} onNavigate={onNavigate} />
          ) : (
            <GroupItem key={entry.key} group={entry} activeRoute={activeRoute} onNavigate={onNavigate} />
          ),
        )}
      </List>
    </nav>
  );
}
