// The shell chip '{n} de {total} WhatsApps conectados' (001 §2 "WhatsApp page layout"), shown when
// the unit has the gateway enabled: green with at least one instance open, red otherwise,
// 'WhatsApp Desabilitado' without instances, a badge counting the disconnected ones. It opens a
// list of the instances with name, phone, a status dot and the action button. Icon and badge only
// below 600 px.
import WhatsApp from '@mui/icons-material/WhatsApp';
import {
  Badge,
  Box,
  Button,
  Chip,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useInstances, useInstancesLive } from '../api/instances.ts';
import { connectionSummary, statusView } from '../instance-status.ts';
import { InstanceActionButton } from './instance-action-button.tsx';
import { useInstanceDialogs } from './use-instance-dialogs.tsx';

const DOT_COLOR = { success: 'success.main', error: 'error.main', warning: 'warning.main', default: 'grey.500' } as const;

export function InstancesChipAction({ compact }: { compact: boolean }) {
  const unit = useLoadedUnitData();
  if (!unit.evolutionHabilitado) return null;
  return <InstancesChip compact={compact} />;
}

export function InstancesChip({ compact }: { compact: boolean }) {
  const instances = useInstances();
  useInstancesLive();
  const { runAction, dialogs } = useInstanceDialogs();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  const list = instances.data ?? [];
  const summary = connectionSummary(list);
  const open = Boolean(anchor);

  const trigger = compact ? (
    <Tooltip title={summary.text}>
      <IconButton
        aria-label={summary.text}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={summary.disconnected} color="error">
          <WhatsApp sx={{ color: `${summary.color}.main` }} />
        </Badge>
      </IconButton>
    </Tooltip>
  ) : (
    <Badge badgeContent={summary.disconnected} color="error" overlap="rectangular" sx={{ mr: 1 }}>
      <Chip
        icon={<WhatsApp />}
        label={summary.text}
        color={summary.color}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        sx={{ fontWeight: 600 }}
      />
    </Badge>
  );

  return (
    <>
      {instances.data ? trigger : null}
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { id: listId, sx: { width: { xs: 'calc(100vw - 32px)', sm: 420 }, maxWidth: 420, mt: 1 } } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
          {summary.text}
        </Typography>
        <Divider />
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }}>
            Nenhuma instância cadastrada.
          </Typography>
        ) : (
          <List dense aria-label="Instâncias de WhatsApp" sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {list.map((instance) => {
              const view = statusView(instance.connectionStatus);
              return (
                <ListItem
                  key={instance.id}
                  secondaryAction={
                    <InstanceActionButton
                      instance={instance}
                      onAction={(action, name) => {
                        setAnchor(null);
                        runAction(action, name);
                      }}
                    />
                  }
                  sx={{ pr: 18 }}
                >
                  <Box
                    role="img"
                    aria-label={view.label}
                    title={view.label}
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: DOT_COLOR[view.color], flexShrink: 0, mr: 1.5 }}
                  />
                  <ListItemText
                    primary={instance.name}
                    secondary={[formatPhoneDisplay(instance.telefone ?? instance.ownerJid), view.label]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        <Divider />
        <Box sx={{ px: 1, py: 0.5, display: 'flex', justifyContent: 'flex-end' }}>
          <Button size="small" component={RouterLink} to="/instancias" onClick={() => setAnchor(null)}>
            Ver conexões
          </Button>
        </Box>
      </Popover>
      {dialogs}
    </>
  );
}
