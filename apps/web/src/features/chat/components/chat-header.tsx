// The chat header of 001 §2 "Chat header (selected client)": avatar initials, the name cut at 15
// (10 below 600 px) with the full name on hover, #cli_crm_id, phone, email cut at 15, a red
// 'Bloqueado', 'Anúncio: ' + the ad name cut at 10, the scheduling control (its variant chosen by
// agendarMensagemHeaderWhatsapp), 'Id Cliente' for company 1, the two status selectors and, with
// clienteAtendente, the 'Atendente' section; laid out by the header's own width (001 §9).
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ScheduleSend from '@mui/icons-material/ScheduleSend';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';

import { formatDateTime } from '@funil/domain/format/date';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { isLeadConverted } from '@funil/domain/leads/lead';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';
import { AD_NAME_MAX, EMAIL_MAX, truncate } from '../chat-channel.ts';
import { useChatLeadKit, type Potential } from '../chat-kit.tsx';
import { ATTENDANT_COLUMN, headerLayout } from '../header-layout.ts';
import { useElementWidth } from '../use-element-width.ts';

export type ChatHeaderSettings = {
  companyId: number;
  clienteAtendente: boolean;
  /** 001 §2: the scheduling control's variant. */
  agendarMensagemHeader: boolean;
};

type ChatHeaderProps = {
  lead: CrmContato;
  potentials: readonly Potential[];
  settings: ChatHeaderSettings;
  /** Below 600 px (kept for the callers; the name now takes the room there is). */
  narrow: boolean;
  onOpenInfo: () => void;
  onLeave: () => void;
  onBack?: () => void;
};

/**
 * The scheduling control (001 §2). With agendarMensagemHeaderWhatsapp it is a labelled button that
 * shows the message already scheduled; without it an icon button. Both open the CRM's form.
 */
function ScheduleControl({ lead, labelled }: { lead: CrmContato; labelled: boolean }) {
  const kit = useChatLeadKit();
  const [open, setOpen] = useState(false);
  const scheduled = lead.cli_data_mensagem_agendada ? formatDateTime(lead.cli_data_mensagem_agendada) : null;
  const title = scheduled ? `Mensagem agendada para ${scheduled}` : 'Agendar mensagem';
  return (
    <>
      {labelled ? (
        <Button
          size="small"
          variant={scheduled ? 'contained' : 'outlined'}
          startIcon={<ScheduleSend />}
          onClick={() => setOpen(true)}
          sx={{ whiteSpace: 'nowrap' }}
          title={title}
        >
          {scheduled ? `Agendada ${scheduled}` : 'Agendar mensagem'}
        </Button>
      ) : (
        <Tooltip title={title}>
          <IconButton aria-label="Agendar mensagem" onClick={() => setOpen(true)} color={scheduled ? 'primary' : 'default'}>
            <Badge variant="dot" color="primary" invisible={!scheduled}>
              <ScheduleSend />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="agendar-mensagem-titulo">
        <DialogTitle id="agendar-mensagem-titulo" sx={{ pr: 6 }}>
          Agendamentos de {lead.cli_nome}
          <IconButton aria-label="Fechar" onClick={() => setOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent>{open && <kit.ScheduleForm lead={lead} />}</DialogContent>
      </Dialog>
    </>
  );
}

function Fact({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <Typography variant="body2" color="text.secondary" noWrap title={title ?? value}>
      {label}{' '}
      <Box component="span" sx={{ color: 'text.primary', fontWeight: 500 }}>
        {value}
      </Box>
    </Typography>
  );
}

export function ChatHeader({ lead, potentials, settings, onOpenInfo, onLeave, onBack }: ChatHeaderProps) {
  const kit = useChatLeadKit();
  // issue 21 item 6: a manager's header reads; no schedule, status or attendant control.
  const canChange = kit.useCanChangeLeads();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const layout = headerLayout(width);
  const blocked = lead.whatsapp_blocked === 1;
  const ad = lead.ad_name ?? lead.cli_campanha_nome;
  const facts = (
    <>
      {ad && <Fact label="Anúncio:" value={truncate(ad, AD_NAME_MAX)} title={ad} />}
      {settings.companyId === 1 && (
        <Fact label="Id Cliente:" value={isLeadConverted(lead) ? String(lead.cli_id) : 'Não Convertido'} />
      )}
    </>
  );

  return (
    <Box
      ref={ref}
      component="header"
      data-testid="chat-header"
      sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', flex: '1 1 240px', minWidth: 0 }}>
          {onBack && (
            <IconButton aria-label="Voltar para a lista" onClick={onBack} edge="start">
              <ArrowBack />
            </IconButton>
          )}
          <Avatar sx={{ width: 44, height: 44, bgcolor: avatarColor(lead.cli_nome) }} aria-hidden>
            {initialsOf(lead.cli_nome)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
              {/* issue 21: the whole name, cut by the header's width (ellipsis, full name on hover), not at a fixed count. */}
              <Typography
                component="h2"
                noWrap
                sx={{ fontWeight: 700, fontSize: '1.05rem', minWidth: 0 }}
                title={lead.cli_nome}
                data-testid="chat-header-name"
              >
                {lead.cli_nome}
              </Typography>
              <Typography color="text.secondary" sx={{ fontWeight: 600, fontSize: '0.9rem', flexShrink: 0 }}>
                #{lead.cli_crm_id}
              </Typography>
              {blocked && (
                <Chip size="small" label="Bloqueado" sx={{ bgcolor: '#D80300', color: '#fff', fontWeight: 700, height: 20 }} />
              )}
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatPhoneDisplay(lead.cli_telefone)}
              </Typography>
              {lead.cli_email && (
                <Typography variant="body2" color="text.secondary" noWrap title={lead.cli_email}>
                  {truncate(lead.cli_email, EMAIL_MAX)}
                </Typography>
              )}
              {layout.factsInline && facts}
            </Stack>
            {!layout.factsInline && (
              <Stack direction="row" spacing={1.5}>
                {facts}
              </Stack>
            )}
          </Box>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', order: layout.selectorsInline ? 3 : 1, ml: 'auto' }}>
          {canChange && <ScheduleControl lead={lead} labelled={settings.agendarMensagemHeader && layout.selectorsInline} />}
          <Tooltip title="Informações do Lead">
            <IconButton aria-label="Informações do Lead" onClick={onOpenInfo}>
              <InfoOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
        {canChange && layout.showSelectors && (
          <Box
            sx={{ order: 2, flex: layout.selectorsInline ? '1 1 420px' : '1 1 100%', minWidth: 0 }}
            data-testid="chat-header-statuses"
          >
            <kit.StatusSelectors lead={lead} potentials={potentials} />
          </Box>
        )}
        {canChange && layout.showSelectors && settings.clienteAtendente && (
          <Box
            component="section"
            aria-label="Atendente"
            sx={{ order: 2, flex: layout.attendantInline ? `0 0 ${ATTENDANT_COLUMN}px` : '1 1 100%', minWidth: 0 }}
          >
            <kit.AttendantSection lead={lead} onLeave={onLeave} />
          </Box>
        )}
      </Stack>
    </Box>
  );
}
