// Negotiation fields of the lead (001 §2, §4; 000 §5): 'Status da Negociação' (only the allowed
// targets; disabled while saving; 'Próxima chamada' for status 2, past dates in #D80300),
// 'Status do Cliente' (read-only without edicao_status_cliente), the 0–5 potential with its
// labels, and the ticket value in BRL.
import Circle from '@mui/icons-material/Circle';
import { Box, Button, Grid, ListItemIcon, MenuItem, Rating, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';

import { formatBRL, parseBRL } from '@funil/domain/format/currency';
import { formatDateTime, isInPast } from '@funil/domain/format/date';
import type { CrmContato, potentialSchema } from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { allowedTargetStatuses, potentialLabel, SCHEDULED_NEGOTIATION_STATUS } from '@funil/domain/leads/negotiation';

import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { leadActions } from '../api/lead-actions.ts';
import { useLeadChange } from '../api/use-lead-change.ts';
import { TicketInput } from './ticket-input.tsx';

type Potential = z.output<typeof potentialSchema>;
type NegotiationPanelProps = {
  lead: CrmContato;
  potentials: readonly Potential[];
  canEditSaleStatus: boolean;
  /** The chat header (001 §2) shows only the two status selectors, side by side. */
  statusesOnly?: boolean;
  /** One column, for the chat's 320 px side panel. */
  stacked?: boolean;
};

const dot = (color: string) => (
  <ListItemIcon sx={{ minWidth: 22 }}>
    <Circle sx={{ fontSize: 12, color }} />
  </ListItemIcon>
);

function NextCall({ lead }: { lead: CrmContato }) {
  const when = lead.cli_contato_agendado;
  const past = isInPast(when, new Date());
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      Próxima chamada:{' '}
      <Box component="span" sx={{ fontWeight: 600, color: past ? '#D80300' : 'text.primary' }}>
        {when ? formatDateTime(when) : 'Não agendado'}
      </Box>
    </Typography>
  );
}

function TicketField({ lead }: { lead: CrmContato }) {
  const saved = lead.valor_ticket === null ? '' : formatBRL(lead.valor_ticket);
  const [value, setValue] = useState(saved);
  const save = useLeadChange(lead.cli_crm_id, {
    request: (masked: string) => leadActions.setTicket(lead.cli_crm_id, masked),
    success: LEAD_API_MESSAGES.ticketUpdated,
    onDone: (after) => setValue(after?.valor_ticket === null || after === null ? '' : formatBRL(after.valor_ticket)),
  });
  const changed = value !== saved && parseBRL(value || 'R$ 0,00') !== (lead.valor_ticket ?? 0);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TicketInput size="small" value={value} onChange={setValue} />
      {changed && (
        <Button variant="contained" onClick={() => save.mutate(value || 'R$ 0,00')} disabled={save.isPending} sx={{ mt: 0.25 }}>
          Salvar
        </Button>
      )}
    </Stack>
  );
}

export function NegotiationPanel({
  lead,
  potentials,
  canEditSaleStatus,
  statusesOnly = false,
  stacked = false,
}: NegotiationPanelProps) {
  const unit = useLoadedUnitData();
  const id = lead.cli_crm_id;
  const targets = allowedTargetStatuses(
    lead.cli_status_negociacao,
    unit.crm_contato_negociacao_status,
    unit.crm_contato_negociacao_status_permitidos,
  );
  const status = useLeadChange(id, {
    request: (next: number) => leadActions.setNegotiationStatus(id, next),
    success: LEAD_API_MESSAGES.statusUpdated,
  });
  const sale = useLeadChange(id, {
    request: (next: number) => leadActions.setSaleStatus(id, next),
    success: LEAD_API_MESSAGES.saleStatusUpdated,
  });
  const potential = potentials.find((p) => p.id === lead.id_potencial) ?? potentials[0];
  const rate = useLeadChange(id, {
    request: (valor: number) => leadActions.setPotential(id, potential?.id ?? 0, valor),
    success: LEAD_API_MESSAGES.potentialUpdated,
  });
  const [hover, setHover] = useState(-1);
  const shownLevel = hover >= 0 ? hover : lead.valor_potencial;
  const cell = stacked ? { xs: 12 } : statusesOnly ? { xs: 6 } : { xs: 12, sm: 6 };

  return (
    <Grid container spacing={statusesOnly ? 1 : 2} component="section" aria-label="Negociação">
      <Grid size={cell}>
        <TextField
          select
          size="small"
          label="Status da Negociação"
          fullWidth={statusesOnly || stacked}
          value={lead.cli_status_negociacao === null ? '' : String(lead.cli_status_negociacao)}
          disabled={status.isPending}
          onChange={(event) => status.mutate(Number(event.target.value))}
          // issue 21: the label always sits on the border, where it reads whole even in the chat header's narrow selects.
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 0 }}
        >
          {targets.map((s) => (
            <MenuItem key={s.idFunil} value={String(s.idFunil)}>
              {dot(s.cor)}
              {s.nome}
            </MenuItem>
          ))}
        </TextField>
        {lead.cli_status_negociacao === SCHEDULED_NEGOTIATION_STATUS && <NextCall lead={lead} />}
      </Grid>
      <Grid size={cell}>
        <TextField
          select
          size="small"
          label="Status do Cliente"
          fullWidth={statusesOnly || stacked}
          value={lead.cli_status_negociacao_venda === null ? '' : String(lead.cli_status_negociacao_venda)}
          disabled={sale.isPending}
          onChange={(event) => sale.mutate(Number(event.target.value))}
          slotProps={{ input: { readOnly: !canEditSaleStatus }, inputLabel: { shrink: true } }}
          helperText={canEditSaleStatus ? undefined : 'Somente leitura'}
        >
          {unit.crm_contato_negociacao_status_venda.map((s) => (
            <MenuItem key={s.idFunilVenda} value={String(s.idFunilVenda)}>
              {dot(s.cor)}
              {s.nome}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {!statusesOnly && (
        <Grid size={cell}>
          {potential ? (
            <Box>
              <Typography variant="caption" color="text.secondary" component="div" id="potencial-rotulo">
                {potential.nome}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Rating
                  name="potencial"
                  aria-labelledby="potencial-rotulo"
                  max={5}
                  value={lead.valor_potencial}
                  disabled={rate.isPending}
                  getLabelText={(level) => `${level} - ${potentialLabel(level, potential) ?? ''}`}
                  onChange={(_event, level) => rate.mutate(level ?? 0)}
                  onChangeActive={(_event, level) => setHover(level)}
                />
                <Typography variant="body2" color="text.secondary">
                  {potentialLabel(shownLevel, potential)}
                </Typography>
              </Stack>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Nenhum potencial de negociação cadastrado
            </Typography>
          )}
        </Grid>
      )}
      {!statusesOnly && (
        <Grid size={cell}>
          <TicketField key={`${id}:${lead.valor_ticket ?? ''}`} lead={lead} />
        </Grid>
      )}
    </Grid>
  );
}
