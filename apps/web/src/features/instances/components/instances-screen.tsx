// /instancias 'Conexões de WhatsApp' (001 §2 "Instâncias screen"): the unit's gateway instances with
// their phone, a status chip and the action of their connectionStatus; 10 a page, no search, no
// toolbar; live through the whatsappSession socket event. Admins add, connect, disconnect and
// remove instances (issue 7 §5); the others only see them. The company admin and the super-admin
// also see the webhooks that could not be stored (issue 21 item 2).
import Add from '@mui/icons-material/Add';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';

import { canSeeRejectedWebhooks } from '@funil/domain/access/roles';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';
import type { Instance } from '@funil/domain/whatsapp-api/instances-api';

import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useInstances, useInstancesLive } from '../api/instances.ts';
import { canCreateInstance, statusView } from '../instance-status.ts';
import { AddInstanceDialog } from './add-instance-dialog.tsx';
import { InstanceActionButton } from './instance-action-button.tsx';
import { RejectedWebhooksPanel } from './rejected-webhooks-panel.tsx';
import { RemoveInstanceDialog } from './remove-instance-dialog.tsx';
import { useInstanceDialogs } from './use-instance-dialogs.tsx';

/** 001 §2: page size 10. */
const INSTANCES_PAGE_SIZE = 10;

function phoneOf(instance: Instance): string {
  return formatPhoneDisplay(instance.telefone ?? instance.ownerJid) || '—';
}

export function InstancesScreen() {
  const user = useCurrentUser();
  const instances = useInstances();
  useInstancesLive();
  const { runAction, showQr, dialogs } = useInstanceDialogs();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Instance | null>(null);
  const isAdmin = canCreateInstance(user.permissao);
  const columns: DataColumn<Instance>[] = [
    {
      header: 'Instância',
      value: (instance) => instance.name,
      rowHeader: true,
      sx: { fontWeight: 600 },
      render: (instance) => (
        <>
          {instance.name}
          {instance.profileName && (
            <Typography variant="body2" color="text.secondary">
              {instance.profileName}
            </Typography>
          )}
        </>
      ),
    },
    { header: 'Telefone', value: phoneOf, nowrap: true },
    {
      header: 'Status',
      value: (instance) => statusView(instance.connectionStatus).label,
      render: (instance) => {
        const view = statusView(instance.connectionStatus);
        return (
          <Chip size="small" label={view.label} color={view.color} variant={view.color === 'default' ? 'outlined' : 'filled'} />
        );
      },
    },
    {
      header: 'Ação',
      align: 'right',
      value: () => '',
      noCsv: true,
      render: (instance) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <InstanceActionButton instance={instance} onAction={runAction} />
          {isAdmin && (
            <Button size="small" color="error" onClick={() => setRemoving(instance)} aria-label={`Remover ${instance.name}`}>
              Remover
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h2" component="h2">
          Conexões de WhatsApp
        </Typography>
        {isAdmin && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setAdding(true)}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            Adicionar instância
          </Button>
        )}
      </Stack>

      {instances.isError ? (
        <Alert severity="error">{instances.error.message}</Alert>
      ) : (
        <Paper variant="outlined">
          <DataTable
            label="Conexões de WhatsApp"
            size="medium"
            columns={columns}
            rows={instances.data ?? []}
            rowKey={(instance) => instance.id}
            loading={instances.isPending}
            emptyText={
              isAdmin
                ? "Nenhuma instância cadastrada. Use 'Adicionar instância' para conectar um WhatsApp."
                : 'Nenhuma instância cadastrada.'
            }
            paging={{ pageSize: INSTANCES_PAGE_SIZE }}
          />
        </Paper>
      )}

      {canSeeRejectedWebhooks(user.permissao) && <RejectedWebhooksPanel />}

      {adding && (
        <AddInstanceDialog
          onClose={() => setAdding(false)}
          onCreated={(answer) => {
            setAdding(false);
            // The gateway is already generating the new instance's first QR: show it.
            if (answer.status !== 'open') showQr(answer.instance.name, answer);
          }}
        />
      )}
      {removing && <RemoveInstanceDialog key={removing.id} instance={removing} onClose={() => setRemoving(null)} />}
      {dialogs}
    </Box>
  );
}
