// The contact panel on top of the lead detail (002 §2.1; 001 §2 chat header and side panel):
// name and #id, phone, email, 'Anúncio: …', 'Bloqueado' in red, Id Cliente (company 1), UTM
// fields (company 10), CEP (cadastrarCEP), and the lead actions the user may take.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Block from '@mui/icons-material/Block';
import Delete from '@mui/icons-material/Delete';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Phone from '@mui/icons-material/Phone';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Sync from '@mui/icons-material/Sync';
import { Avatar, Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { canUseSoftphone } from '@funil/domain/access/routes';
import { formatDateTime } from '@funil/domain/format/date';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { cepFromInformacoesExtra } from '@funil/domain/leads/contact';
import { canConvertLead, isLeadConverted } from '@funil/domain/leads/lead';
import { attendanceLabel, showsNextAttemptDate } from '@funil/domain/leads/negotiation';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { useAccessContext } from '../../../lib/access.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { leadActions } from '../api/lead-actions.ts';
import { useLeadChange } from '../api/use-lead-change.ts';
import { avatarColor, initialsOf } from './lead-avatar.ts';
import { ConvertLeadDialog, ConvertUnitDialog, DeleteLeadDialog, TransferUnitDialog } from './lead-dialogs.tsx';
import type { LeadSettings } from './use-lead-settings.ts';

/**
 * 'Ligar Agora' on the screen that holds the phone (issue 21 item 14, 002 §4 single call): the
 * webphone places the call itself; `disabled` while it cannot (queue on, a call in progress).
 */
export type LeadCallAction = { call: (lead: CrmContato) => void; disabled: boolean };

/** 001 §4 Conversion: a lead of this unit is converted to a unit picked in a dialog. */
export const UNIT_PICKED_CONVERSION_UNIT_ID = 58;

/** 001 §8 "Block toggle failure". */
const BLOCK_ERROR = 'Erro ao bloquear/desbloquear o WhatsApp';
const UTM_FIELDS = ['utm_campaign', 'utm_medium', 'utm_source', 'utm_content', 'utm_term'] as const;

type LeadHeaderProps = {
  lead: CrmContato;
  settings: LeadSettings;
  onLeave: () => void;
  onBack?: () => void;
  /** One column with the actions under the facts, for the chat's 320 px 'Informações do Lead' (001 §2). */
  stacked?: boolean;
  /** No actions: a lead of the unit a company admin (ag) reads on /webphone (issue 12). */
  readOnly?: boolean;
  /** On /webphone 'Ligar Agora' calls from here (issue 21 item 14); elsewhere it opens the webphone. */
  callAction?: LeadCallAction;
};

function Action({
  label,
  icon,
  onClick,
  disabled,
  color,
}: {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  disabled?: boolean;
  color?: 'error';
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} color={color ?? 'default'}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

// A fact reads whole (issue 21: 'Próxima tentativa: 27/11/2026 …' was cut in the webphone's
// narrower detail): the label never breaks, and the value goes whole under it when the column is
// short (a date with its time on one line; a long text wraps).
function Field({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-field={label} sx={{ minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {label}:
      </Box>{' '}
      <Box component="span" sx={{ display: 'inline-block', maxWidth: '100%', color: 'text.primary', overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </Typography>
  );
}

export function LeadHeader({ lead, settings, onLeave, onBack, stacked = false, readOnly = false, callAction }: LeadHeaderProps) {
  const unit = useLoadedUnitData();
  const id = lead.cli_crm_id;
  const navigate = useNavigate();
  const access = useAccessContext();
  // Only who has the softphone calls (not ag, whose /webphone is a unit dropdown: 002 §2.1).
  const canCall = access.idRamal > 0 && canUseSoftphone(access);
  const onWebphone = useLocation().pathname.startsWith('/webphone');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [transferring, setTransferring] = useState(false);
  // 'unit': unit 58 picks the unit; 'confirm': everyone else confirms (issue 7 §5).
  const [converting, setConverting] = useState<'unit' | 'confirm' | null>(null);
  const blocked = lead.whatsapp_blocked === 1;

  const markUnread = useLeadChange(id, { request: () => leadActions.markUnread(id), success: LEAD_API_MESSAGES.markedUnread });
  const block = useLeadChange(id, {
    request: (next: 0 | 1) => leadActions.setWhatsappBlocked(id, next),
    success: (next) => (next === 1 ? LEAD_API_MESSAGES.blocked : LEAD_API_MESSAGES.unblocked),
    error: BLOCK_ERROR,
  });
  const { enqueueSnackbar } = useSnackbar();
  const convert = useLeadChange(id, {
    request: (unitId: number | null) => (unitId === null ? leadActions.convert(id) : leadActions.convertToUnit(id, unitId)),
    success: LEAD_API_MESSAGES.converted,
  });
  // 001 §4 Conversion: 'Cliente sem telefone' without a phone; unit 58 picks the unit first; it
  // cannot be undone, so it always asks before it runs (issue 7 §5).
  const startConversion = () => {
    if (lead.cli_telefone.trim() === '') enqueueSnackbar(LEAD_API_MESSAGES.noPhone, { variant: 'warning' });
    else setConverting(lead.unidade === UNIT_PICKED_CONVERSION_UNIT_ID ? 'unit' : 'confirm');
  };
  const remove = useLeadChange(id, {
    request: () => leadActions.deleteLead(id),
    success: LEAD_API_MESSAGES.deleted,
    onDone: onLeave,
  });
  const transfer = useLeadChange(id, {
    request: (unitId: number) => leadActions.transferToUnit(id, unitId),
    success: LEAD_API_MESSAGES.transferred,
    onDone: onLeave,
  });

  const platform = unit.plataformas.find((p) => p.id === lead.cli_tipo_lead)?.nome;
  const attendance = attendanceLabel(lead.cli_contato_status);
  const cep = cepFromInformacoesExtra(lead.informacoesExtra);
  const origin = lead.ad_name ?? lead.cli_campanha_nome;

  return (
    <Box component="header" sx={stacked ? { pb: 1.5 } : { p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction={stacked ? 'column' : 'row'} spacing={1.5} sx={{ alignItems: stacked ? 'stretch' : 'flex-start' }}>
        {onBack && (
          <IconButton aria-label="Voltar para a lista" onClick={onBack} edge="start">
            <ArrowBack />
          </IconButton>
        )}
        <Avatar
          sx={{
            width: 52,
            height: 52,
            bgcolor: avatarColor(lead.cli_nome),
            display: stacked ? 'none' : { xs: 'none', sm: 'flex' },
          }}
          aria-hidden
        >
          {initialsOf(lead.cli_nome)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              {lead.cli_nome}
            </Typography>
            <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
              #{id}
            </Typography>
            {attendance && <Chip size="small" variant="outlined" label={attendance} />}
            {blocked && <Chip size="small" label="Bloqueado" sx={{ bgcolor: '#D80300', color: '#fff', fontWeight: 700 }} />}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatPhoneDisplay(lead.cli_telefone)}
            </Typography>
            {lead.cli_email && (
              <Typography variant="body2" color="text.secondary" noWrap title={lead.cli_email}>
                {lead.cli_email}
              </Typography>
            )}
          </Stack>
          <Box
            sx={{
              mt: 0.5,
              display: 'grid',
              gridTemplateColumns: stacked ? '1fr' : { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              columnGap: 2,
            }}
          >
            <Field label="Anúncio" value={origin ?? '—'} />
            <Field label="Captado em" value={formatDateTime(lead.cli_data_captacao) || '—'} />
            {platform && <Field label="Plataforma" value={platform} />}
            {showsNextAttemptDate(lead.cli_contato_status) && (
              <Field label="Próxima tentativa" value={formatDateTime(lead.cli_data_proxima_tentativa) || '—'} />
            )}
            {settings.companyId === 1 && (
              <Field label="Id Cliente" value={isLeadConverted(lead) ? String(lead.cli_id) : 'Não Convertido'} />
            )}
            {settings.cadastrarCEP && <Field label="CEP" value={cep || '—'} />}
            {settings.companyId === 10 &&
              UTM_FIELDS.map((field) => <Field key={field} label={field} value={lead[field] ?? '—'} />)}
          </Box>
        </Box>
        {!readOnly && (
          <Stack
            direction="row"
            sx={
              stacked
                ? { flexWrap: 'wrap', ml: -1 }
                : { flexShrink: 0, flexWrap: 'wrap', justifyContent: 'flex-end', maxWidth: { xs: 96, sm: 'none' } }
            }
            role="toolbar"
            aria-label="Ações do lead"
          >
            {/* issue 12: 'Ligar Agora' places a single call from the webphone (users with an extension). */}
            {canCall && callAction && (
              <Action label="Ligar Agora" icon={<Phone />} onClick={() => callAction.call(lead)} disabled={callAction.disabled} />
            )}
            {canCall && !callAction && !onWebphone && (
              <Action label="Ligar Agora" icon={<Phone />} onClick={() => void navigate(`/webphone?ligar=${lead.cli_crm_id}`)} />
            )}
            <Action
              label="Marcar como não lido"
              icon={<MarkEmailUnread />}
              onClick={() => markUnread.mutate(undefined)}
              disabled={markUnread.isPending}
            />
            <Action
              label={blocked ? 'Desbloquear WhatsApp' : 'Bloquear WhatsApp'}
              icon={<Block />}
              onClick={() => block.mutate(blocked ? 0 : 1)}
              disabled={block.isPending}
              color={blocked ? 'error' : undefined}
            />
            <Action label="Transferir Contato" icon={<SwapHoriz />} onClick={() => setTransferring(true)} />
            {canConvertLead(lead, settings.companyId) && (
              <Action label="Converter cliente" icon={<Sync />} onClick={startConversion} disabled={convert.isPending} />
            )}
            {settings.excluirLeads && (
              <Action label="Apagar Lead" icon={<Delete />} color="error" onClick={() => setConfirmDelete(true)} />
            )}
          </Stack>
        )}
      </Stack>
      <DeleteLeadDialog
        open={confirmDelete}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirmDelete(false) })}
      />
      {converting === 'unit' && (
        <ConvertUnitDialog
          busy={convert.isPending}
          onCancel={() => setConverting(null)}
          onConfirm={(unitId) => convert.mutate(unitId, { onSettled: () => setConverting(null) })}
        />
      )}
      {converting === 'confirm' && (
        <ConvertLeadDialog
          leadName={lead.cli_nome}
          busy={convert.isPending}
          onCancel={() => setConverting(null)}
          onConfirm={() => convert.mutate(null, { onSettled: () => setConverting(null) })}
        />
      )}
      {transferring && (
        <TransferUnitDialog
          open
          currentUnitId={settings.unitId}
          busy={transfer.isPending}
          onCancel={() => setTransferring(false)}
          onConfirm={(unitId) => transfer.mutate(unitId, { onSettled: () => setTransferring(false) })}
        />
      )}
    </Box>
  );
}
