// The attendant section (001 §2, §4 Assignment, §8), only with clienteAtendente. With listaAtendente
// an autocomplete over the unit's users plus 'Todos' (id null: unassign), 'Não atribuído' when
// unassigned; otherwise 'Atribuir cliente' when unassigned, 'Desatribuir cliente' and 'Transferir
// Cliente' when assigned.
import Groups from '@mui/icons-material/Groups';
import PersonAdd from '@mui/icons-material/PersonAdd';
import PersonRemove from '@mui/icons-material/PersonRemove';
import TransferWithinAStation from '@mui/icons-material/TransferWithinAStation';
import { Autocomplete, Avatar, Box, Button, Menu, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { ASSIGNMENT_MESSAGES, assignmentActions, assignmentOutcome } from '@funil/domain/leads/negotiation';

import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { leadActions } from '../api/lead-actions.ts';
import { useLeadChange } from '../api/use-lead-change.ts';
import { initialsOf } from './lead-avatar.ts';

type AttendantPanelProps = { lead: CrmContato; viewerId: number; asList?: boolean; onLeave: () => void };

/** One option of the picker: a user of the unit, or 'Todos' (id null) to unassign. */
type AttendantOption = { id: number | null; nome: string; cor: string | null };

/** 001 §2: the option that unassigns. */
const ALL_OPTION: AttendantOption = { id: null, nome: 'Todos', cor: null };
const UNASSIGNED_LABEL = 'Não atribuído';
/** 001 §8 "Empty autocompletes". */
const NO_ATTENDANT_FOUND = 'Nenhum atendente encontrado';

function OptionAvatar({ option }: { option: AttendantOption }) {
  return (
    <Avatar sx={{ width: 26, height: 26, fontSize: 12, bgcolor: option.cor ?? 'grey.500' }} aria-hidden>
      {option.id === null ? <Groups sx={{ fontSize: 16 }} /> : initialsOf(option.nome)}
    </Avatar>
  );
}

export function AttendantPanel({ lead, viewerId, asList = false, onLeave }: AttendantPanelProps) {
  const unit = useLoadedUnitData();
  const { enqueueSnackbar } = useSnackbar();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const id = lead.cli_crm_id;
  const actions = assignmentActions(lead, true);

  const assign = useLeadChange(id, {
    request: (target: number | null) =>
      target === null
        ? leadActions.unassign(id)
        : target === viewerId
          ? leadActions.assignToMe(id)
          : leadActions.transferToAttendant(id, target),
    error: ASSIGNMENT_MESSAGES.error,
    onDone: (_after, target) => {
      const outcome = assignmentOutcome(target, viewerId);
      enqueueSnackbar(outcome.success, { variant: 'success' });
      if (outcome.kind === 'clear-selection') {
        enqueueSnackbar(outcome.warning, { variant: 'warning' });
        onLeave();
      }
    },
  });

  if (asList) {
    const options: AttendantOption[] = [ALL_OPTION, ...unit.usuarios];
    const current =
      lead.idUsuario === null
        ? null
        : (unit.usuarios.find((user) => user.id === lead.idUsuario) ?? {
            id: lead.idUsuario,
            nome: lead.nome_atendimento ?? 'ERR',
            cor: null,
          });
    return (
      <Box component="section" aria-label="Atendente">
        <Autocomplete<AttendantOption>
          size="small"
          options={options}
          value={current}
          disabled={assign.isPending}
          getOptionLabel={(option) => option.nome}
          getOptionKey={(option) => option.id ?? 'todos'}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={NO_ATTENDANT_FOUND}
          onChange={(_event, option) => {
            // Clearing the field is the same as 'Todos'.
            const target = option?.id ?? null;
            if (target === lead.idUsuario) return;
            assign.mutate(target);
          }}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <OptionAvatar option={option} />
                <span>{option.nome}</span>
              </Stack>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Atendente"
              placeholder={UNASSIGNED_LABEL}
              slotProps={{
                ...params.slotProps,
                inputLabel: { ...params.slotProps.inputLabel, shrink: true },
                input: {
                  ...params.slotProps.input,
                  startAdornment: current ? (
                    <Box sx={{ display: 'flex', pl: 0.5 }}>
                      <OptionAvatar option={current} />
                    </Box>
                  ) : undefined,
                },
              }}
            />
          )}
          sx={{ maxWidth: 360 }}
        />
      </Box>
    );
  }

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
      component="section"
      aria-label="Atendente"
    >
      <Typography variant="body2" sx={{ flex: 1 }}>
        Atendente:{' '}
        <strong>
          {lead.idUsuario === null
            ? UNASSIGNED_LABEL
            : (lead.nome_atendimento ?? unit.usuarios.find((u) => u.id === lead.idUsuario)?.nome ?? 'ERR')}
        </strong>
      </Typography>
      <Stack direction="row" spacing={1}>
        {actions.includes('atribuir') && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PersonAdd />}
            disabled={assign.isPending}
            onClick={() => assign.mutate(viewerId)}
          >
            Atribuir cliente
          </Button>
        )}
        {actions.includes('desatribuir') && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<PersonRemove />}
            disabled={assign.isPending}
            onClick={() => assign.mutate(null)}
          >
            Desatribuir cliente
          </Button>
        )}
        {actions.includes('transferir') && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<TransferWithinAStation />}
            disabled={assign.isPending}
            onClick={(event) => setMenu(event.currentTarget)}
            aria-haspopup="menu"
          >
            Transferir Cliente
          </Button>
        )}
      </Stack>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {unit.usuarios
          .filter((user) => user.id !== lead.idUsuario)
          .map((user) => (
            <MenuItem
              key={user.id}
              onClick={() => {
                setMenu(null);
                assign.mutate(user.id);
              }}
            >
              {user.nome}
            </MenuItem>
          ))}
      </Menu>
    </Stack>
  );
}
