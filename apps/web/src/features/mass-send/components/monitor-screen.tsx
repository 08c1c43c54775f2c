// /envio-em-massa 'Listar Envios' (002 §2.3, §4 "Mass-send campaign status", §7): the table
// 'Disparos' with a refresh icon, a progress bar per campaign, Pausar only for in progress,
// Continuar only for paused, Finalizar for either, the automatic pause's reason and until when a
// campaign waits; the drill-down 'Envios' with a back button, the recipients' statuses, the
// 'Atendimento Whatsapp' chat and the wa.me link. Live by the company events after joinEnvioEmMassa.
import ArrowBack from '@mui/icons-material/ArrowBack';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Refresh from '@mui/icons-material/Refresh';
import Stop from '@mui/icons-material/Stop';
import WhatsApp from '@mui/icons-material/WhatsApp';
import { Alert, Box, Button, Chip, IconButton, LinearProgress, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import { formatDateTime } from '@funil/domain/format/date';
import {
  MASS_SEND_STATUS_LABELS,
  massSendActions,
  massSendRecipientLabel,
  type MassSendCampaign,
  type MassSendRecipient,
  type MassSendStatus,
} from '@funil/domain/mass-send/mass-send-api';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { openWhatsappDialog } from '../../../lib/whatsapp-dialog-store.ts';
import { useCampaignClients, useCampaigns, useMassSendLive, useSetCampaignStatus } from '../api/mass-send-api.ts';
import { useMassSendKit } from '../mass-send-kit.tsx';
import { barOf, progressText, statusNote, waMeLink } from '../monitor-rules.ts';

const STATUS_COLOR: Record<MassSendStatus, 'success' | 'warning' | 'default'> = {
  EM_ANDAMENTO: 'success',
  PAUSADO: 'warning',
  FINALIZADO: 'default',
};
const RECIPIENT_COLOR = { SENT: 'success', PENDING: 'info', ERROR: 'error', NOT_SENT: 'default' } as const;
const countFormat = new Intl.NumberFormat('pt-BR');

function Counts({ campaign }: { campaign: MassSendCampaign }) {
  const items = [
    ['Total de clientes', campaign.totalClientes],
    ['Enviados', campaign.clientesEnviados],
    ['Respondidos (24h)', campaign.respondidosUltimas24h],
    ['Erros', campaign.clientesErro],
    ['Não enviados', campaign.clientesNaoEnviados],
  ] as const;
  return (
    <Stack
      direction="row"
      sx={{ gap: 1, flexWrap: 'wrap' }}
      aria-label="Totais do disparo"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map(([label, value]) => (
        <Paper key={label} component="li" variant="outlined" sx={{ px: 2, py: 1, minWidth: 120 }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" component="p" data-testid={`total-${label}`}>
            {countFormat.format(value)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

function CampaignProgress({ campaign }: { campaign: MassSendCampaign }) {
  return (
    <Box sx={{ minWidth: 180 }}>
      <LinearProgress
        variant="determinate"
        value={barOf(campaign)}
        aria-label={`Progresso de ${campaign.name}`}
        color={campaign.status === 'PAUSADO' ? 'warning' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary" data-testid="progresso-texto">
        {progressText(campaign)}
      </Typography>
    </Box>
  );
}

function CampaignsTable({
  onOpen,
  onStatus,
  busy,
}: {
  onOpen: (id: number) => void;
  onStatus: (campaign: MassSendCampaign, status: MassSendStatus) => void;
  busy: boolean;
}) {
  const campaigns = useCampaigns();
  const columns: DataColumn<MassSendCampaign>[] = [
    {
      header: 'Nome',
      value: (campaign) => campaign.name,
      rowHeader: true,
      render: (campaign) => (
        <>
          <Link
            component="button"
            variant="body2"
            onClick={() => onOpen(campaign.id)}
            sx={{ fontWeight: 600, textAlign: 'left' }}
          >
            {campaign.name}
          </Link>
          {campaign.instancia && (
            <Typography variant="caption" color="text.secondary" component="p">
              Instância {campaign.instancia}
            </Typography>
          )}
        </>
      ),
    },
    { header: 'Criado em', value: (campaign) => formatDateTime(campaign.createdAt), nowrap: true },
    {
      header: 'Status',
      value: (campaign) => MASS_SEND_STATUS_LABELS[campaign.status],
      sx: { minWidth: 200, maxWidth: 320 },
      render: (campaign) => {
        const note = statusNote(campaign);
        return (
          <>
            <Chip
              size="small"
              label={MASS_SEND_STATUS_LABELS[campaign.status]}
              color={STATUS_COLOR[campaign.status]}
              data-testid="status-disparo"
            />
            {note && (
              <Typography
                variant="caption"
                color={campaign.status === 'PAUSADO' ? 'warning.dark' : 'text.secondary'}
                component="p"
                data-testid="nota-status"
                sx={{ mt: 0.5 }}
              >
                {note}
              </Typography>
            )}
          </>
        );
      },
    },
    { header: 'Progresso', value: progressText, render: (campaign) => <CampaignProgress campaign={campaign} /> },
    { header: 'Respondidos (24h)', value: (campaign) => countFormat.format(campaign.respondidosUltimas24h), align: 'right' },
    {
      header: 'Ações',
      value: () => '',
      noCsv: true,
      align: 'right',
      render: (campaign) => {
        const actions = massSendActions(campaign.status);
        return (
          <>
            {actions.pausar && (
              <Button
                size="small"
                startIcon={<Pause />}
                disabled={busy}
                onClick={() => onStatus(campaign, 'PAUSADO')}
                aria-label={`Pausar ${campaign.name}`}
              >
                Pausar
              </Button>
            )}
            {actions.continuar && (
              <Button
                size="small"
                startIcon={<PlayArrow />}
                disabled={busy}
                onClick={() => onStatus(campaign, 'EM_ANDAMENTO')}
                aria-label={`Continuar ${campaign.name}`}
              >
                Continuar
              </Button>
            )}
            {actions.finalizar && (
              <Button
                size="small"
                color="error"
                startIcon={<Stop />}
                disabled={busy}
                onClick={() => onStatus(campaign, 'FINALIZADO')}
                aria-label={`Finalizar ${campaign.name}`}
              >
                Finalizar
              </Button>
            )}
            <Button size="small" onClick={() => onOpen(campaign.id)} aria-label={`Envios de ${campaign.name}`}>
              Envios
            </Button>
          </>
        );
      },
    },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="disparos-titulo">
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
        <Typography id="disparos-titulo" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Disparos
        </Typography>
        <Tooltip title="Atualizar">
          <IconButton aria-label="Atualizar" onClick={() => void campaigns.refetch()} sx={{ ml: 1 }}>
            <Refresh />
          </IconButton>
        </Tooltip>
        {campaigns.isFetching && <LinearProgress sx={{ flex: 1, ml: 2 }} aria-label="Carregando disparos" />}
      </Stack>
      <DataTable
        labelledBy="disparos-titulo"
        columns={columns}
        rows={campaigns.data ?? []}
        rowKey={(campaign) => campaign.id}
        loading={campaigns.isPending}
        rowProps={(campaign) => ({ 'data-campanha-id': campaign.id })}
      />
    </Paper>
  );
}

function RecipientStatus({ recipient }: { recipient: MassSendRecipient }) {
  return (
    <>
      <Chip
        size="small"
        variant={recipient.status === 'NOT_SENT' ? 'outlined' : 'filled'}
        color={RECIPIENT_COLOR[recipient.status]}
        label={massSendRecipientLabel(recipient.status)}
      />
      {recipient.motivo && (recipient.status === 'ERROR' || recipient.status === 'NOT_SENT') && (
        <Typography
          variant="caption"
          color={recipient.status === 'ERROR' ? 'error' : 'text.secondary'}
          component="p"
          sx={{ mt: 0.5 }}
        >
          {recipient.motivo}
        </Typography>
      )}
    </>
  );
}

const RECIPIENT_COLUMNS = (idCompany: number): DataColumn<MassSendRecipient>[] => [
  { header: 'Nome', value: (recipient) => recipient.name, rowHeader: true },
  { header: 'Telefone', value: (recipient) => formatPhoneDisplay(recipient.number), nowrap: true },
  {
    header: 'Status',
    value: (recipient) => massSendRecipientLabel(recipient.status),
    testId: 'status-envio',
    render: (recipient) => <RecipientStatus recipient={recipient} />,
  },
  {
    header: 'Enviado em',
    value: (recipient) =>
      recipient.enviadoEm && (recipient.status === 'SENT' || recipient.status === 'ERROR')
        ? formatDateTime(recipient.enviadoEm)
        : '—',
    nowrap: true,
  },
  { header: 'Respondeu (24h)', value: (recipient) => (recipient.respondeuUltimas24h ? 'Sim' : 'Não') },
  {
    header: 'Ações',
    value: () => '',
    noCsv: true,
    align: 'right',
    render: (recipient) => {
      const link = waMeLink(recipient.number, idCompany);
      return (
        <>
          <Tooltip title="Atendimento Whatsapp">
            <IconButton
              aria-label={`Atendimento Whatsapp de ${recipient.name}`}
              color="success"
              onClick={() => openWhatsappDialog(recipient.cli_crm_id)}
            >
              <WhatsApp />
            </IconButton>
          </Tooltip>
          {link && (
            <Tooltip title="Abrir no WhatsApp (wa.me)">
              <IconButton
                aria-label={`Abrir ${recipient.name} no WhatsApp`}
                component="a"
                href={link}
                target="_blank"
                rel="noopener noreferrer"
              >
                <OpenInNew />
              </IconButton>
            </Tooltip>
          )}
        </>
      );
    },
  },
];

function RecipientsView({ id, onBack, idCompany }: { id: number; onBack: () => void; idCompany: number }) {
  const recipients = useCampaignClients(id);
  const campaign = recipients.data?.campanha ?? null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          Voltar
        </Button>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }} id="envios-titulo">
          Envios{campaign ? ` — ${campaign.name}` : ''}
        </Typography>
        {campaign && <Chip size="small" label={MASS_SEND_STATUS_LABELS[campaign.status]} color={STATUS_COLOR[campaign.status]} />}
      </Stack>
      {recipients.isError && (
        <Alert severity="error">
          {recipients.error instanceof ApiError ? recipients.error.message : 'Não foi possível carregar os envios.'}
        </Alert>
      )}
      {campaign && (
        <>
          <Counts campaign={campaign} />
          <CampaignProgress campaign={campaign} />
          {statusNote(campaign) && (
            <Alert severity={campaign.status === 'PAUSADO' ? 'warning' : 'info'}>{statusNote(campaign)}</Alert>
          )}
        </>
      )}
      <Paper variant="outlined">
        <DataTable
          labelledBy="envios-titulo"
          columns={RECIPIENT_COLUMNS(idCompany)}
          rows={recipients.data?.data ?? []}
          rowKey={(recipient) => recipient.id}
          loading={recipients.isPending}
          rowProps={(recipient) => ({ 'data-lead-id': recipient.cli_crm_id })}
        />
      </Paper>
    </Stack>
  );
}

export function MassSendMonitorScreen() {
  const unit = useLoadedUnitData();
  const kit = useMassSendKit();
  const { enqueueSnackbar } = useSnackbar();
  useMassSendLive();
  const [openId, setOpenId] = useState<number | null>(null);
  const [finalizing, setFinalizing] = useState<MassSendCampaign | null>(null);
  const setStatus = useSetCampaignStatus();

  const change = (campaign: MassSendCampaign, status: MassSendStatus) =>
    setStatus.mutate(
      { id: campaign.id, status },
      {
        onSuccess: () => setFinalizing(null),
        onError: (error) =>
          enqueueSnackbar(error instanceof ApiError ? error.message : 'Não foi possível alterar o disparo.', {
            variant: 'error',
            autoHideDuration: 6000,
          }),
      },
    );

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Envio em Massa
        </Typography>
        {/* 002 §2.3: the monitor's chips, with or without the gateway (issue 21). */}
        <Box sx={{ ml: 'auto' }}>
          <kit.ConnectionChips />
        </Box>
      </Stack>
      {openId === null ? (
        <CampaignsTable
          onOpen={setOpenId}
          busy={setStatus.isPending}
          onStatus={(campaign, status) => (status === 'FINALIZADO' ? setFinalizing(campaign) : change(campaign, status))}
        />
      ) : (
        <RecipientsView id={openId} onBack={() => setOpenId(null)} idCompany={unit.dados_unidade.idCompany} />
      )}
      <ConfirmDialog
        open={finalizing !== null}
        title="Finalizar disparo"
        confirmLabel="Finalizar"
        destructive
        busy={setStatus.isPending}
        onConfirm={() => finalizing && change(finalizing, 'FINALIZADO')}
        onClose={() => setFinalizing(null)}
      >
        Finalizar “{finalizing?.name}”? Os leads ainda pendentes não receberão a mensagem.
      </ConfirmDialog>
    </Stack>
  );
}
