// One lead of the CRM list (002 §2.1, 001 §2): initials, name, phone, negotiation status in its
// colour, campaign/ad, capture date, attendant (with atendimentoHabilitado) and tags.
import PersonOutline from '@mui/icons-material/PersonOutlined';
import { Avatar, Box, ListItemButton, Stack, Typography } from '@mui/material';
import { memo } from 'react';

import { formatDateTime } from '@funil/domain/format/date';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { ColorChip } from '../../../components/ui/color-chip.tsx';
import { avatarColor, initialsOf } from './lead-avatar.ts';

type LeadListRowProps = {
  lead: CrmContato;
  status: { nome: string; cor: string } | undefined;
  selected: boolean;
  showAttendant: boolean;
  onSelect: (lead: CrmContato) => void;
};

const MAX_TAGS = 3;

export const LeadListRow = memo(function LeadListRow({ lead, status, selected, showAttendant, onSelect }: LeadListRowProps) {
  const origin = lead.ad_name ?? lead.cli_campanha_nome;
  const extraTags = lead.tags.length - MAX_TAGS;
  return (
    <ListItemButton
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(lead)}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, px: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Avatar sx={{ width: 40, height: 40, fontSize: '0.95rem', bgcolor: avatarColor(lead.cli_nome), mt: 0.25 }} aria-hidden>
        {initialsOf(lead.cli_nome)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography noWrap sx={{ fontWeight: lead.marcado_nao_lida ? 800 : 600, flex: 1, minWidth: 0 }} title={lead.cli_nome}>
            {lead.cli_nome}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} title="Data de captação">
            {formatDateTime(lead.cli_data_captacao)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap title={origin ?? undefined}>
          {formatPhoneDisplay(lead.cli_telefone)}
          {origin ? ` · ${origin}` : ''}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {status && <ColorChip color={status.cor} label={status.nome} sx={{ height: 20, fontSize: '0.7rem' }} />}
          {lead.tags.slice(0, MAX_TAGS).map((tag) => (
            <ColorChip
              key={tag.id}
              color={tag.cor}
              label={tag.nome}
              variant="filled"
              sx={{ height: 20, fontSize: '0.7rem', fontWeight: 500 }}
            />
          ))}
          {extraTags > 0 && (
            <Typography variant="caption" color="text.secondary">
              +{extraTags}
            </Typography>
          )}
          {showAttendant && (
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, ml: 'auto', maxWidth: '45%' }}
            >
              <PersonOutline sx={{ fontSize: 14 }} aria-hidden />
              {lead.nome_atendimento ?? 'Não atribuído'}
            </Typography>
          )}
        </Stack>
      </Box>
    </ListItemButton>
  );
});
