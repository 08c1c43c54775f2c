// The builder's scheduling steps (issue 25 'Steps'): 'Agendar ligação' (the lead's next call) and
// 'Agendar mensagem no WhatsApp' (the lead's scheduled message), each at a time after the step.
import { Stack, TextField } from '@mui/material';

import type { Step } from '@funil/domain/automations/automations';

import { FIELD_WIDTH, FieldRow, fieldWidth, TimeUnitSelect } from './field-row.tsx';

type ScheduleStep = Extract<Step, { tipo: 'agendar-ligacao' | 'agendar-mensagem' }>;

export function ScheduleStepFields({
  step,
  index,
  onChange,
}: {
  step: ScheduleStep;
  index: number;
  onChange: (s: Step) => void;
}) {
  return (
    <Stack spacing={1}>
      {step.tipo === 'agendar-mensagem' && (
        <TextField
          label="Mensagem"
          value={step.texto}
          multiline
          minRows={2}
          fullWidth
          helperText="Enviada na data agendada, como a mensagem agendada pelo atendente."
          slotProps={{ htmlInput: { 'aria-label': `Mensagem agendada do passo ${index}` } }}
          onChange={(e) => onChange({ ...step, texto: e.target.value })}
        />
      )}
      <FieldRow>
        <TextField
          type="number"
          label="Daqui a"
          value={step.quantidade}
          onChange={(e) => onChange({ ...step, quantidade: Number(e.target.value) })}
          slotProps={{ htmlInput: { min: 0, 'aria-label': `Prazo do agendamento no passo ${index}` } }}
          sx={fieldWidth(FIELD_WIDTH.number)}
        />
        <TimeUnitSelect value={step.unidade} onChange={(unidade) => onChange({ ...step, unidade })} />
      </FieldRow>
    </Stack>
  );
}
