// The builder's fields of issue 25's 'Iniciar fluxo do Typebot' and 'Aguardar resposta' steps and the
// 'Sem resposta' trigger (automation-builder-dialog.tsx renders them).
import { MenuItem, TextField, Typography } from '@mui/material';

import type { Step, Trigger, TypebotSettings } from '@funil/domain/automations/automations';

import { FIELD_WIDTH, FieldRow, fieldWidth, TimeUnitSelect } from './field-row.tsx';

export function TypebotStepFields({
  step,
  index,
  settings,
  onChange,
}: {
  step: Extract<Step, { tipo: 'typebot' }>;
  index: number;
  settings: TypebotSettings | undefined;
  onChange: (s: Step) => void;
}) {
  const flows = settings?.fluxos ?? [];
  if (!settings?.url || flows.length === 0)
    return (
      <Typography color="error">
        Nenhum fluxo do Typebot configurado. O administrador cadastra o servidor e os fluxos em &quot;Configurar Typebot&quot;.
      </Typography>
    );
  return (
    <TextField
      select
      label={`Fluxo do Typebot do passo ${index}`}
      value={flows.some((f) => f.idPublico === step.fluxo) ? step.fluxo : ''}
      onChange={(e) => onChange({ ...step, fluxo: e.target.value })}
      helperText="O fluxo recebe o id, o nome e o status do lead. Ele pausa quando um atendente escreve ao lead."
      sx={{ width: '100%', maxWidth: FIELD_WIDTH.long * 2 }}
    >
      {flows.map((f) => (
        <MenuItem key={f.idPublico} value={f.idPublico}>
          {f.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function WaitAnswerStepFields({
  step,
  index,
  onChange,
}: {
  step: Extract<Step, { tipo: 'aguardar-resposta' }>;
  index: number;
  onChange: (s: Step) => void;
}) {
  return (
    <FieldRow>
      <TextField
        type="number"
        label="Prazo"
        value={step.quantidade}
        onChange={(e) => onChange({ ...step, quantidade: Number(e.target.value) })}
        slotProps={{ htmlInput: { min: 1, 'aria-label': `Prazo da resposta no passo ${index}` } }}
        sx={fieldWidth(FIELD_WIDTH.number)}
      />
      <TimeUnitSelect value={step.unidade} onChange={(unidade) => onChange({ ...step, unidade })} />
      <TextField
        select
        label="Se não responder"
        value={step.seNaoResponder}
        onChange={(e) => onChange({ ...step, seNaoResponder: e.target.value as typeof step.seNaoResponder })}
        helperText="Se o lead responder antes, a automação continua na hora."
        sx={fieldWidth(FIELD_WIDTH.long)}
      >
        <MenuItem value="parar">parar a automação</MenuItem>
        <MenuItem value="continuar">continuar para o próximo passo</MenuItem>
      </TextField>
    </FieldRow>
  );
}

export function NoAnswerTriggerFields({
  trigger,
  onChange,
}: {
  trigger: Extract<Trigger, { tipo: 'sem-resposta' }>;
  onChange: (t: Trigger) => void;
}) {
  return (
    <TextField
      type="number"
      label="Horas sem resposta"
      value={trigger.horas}
      onChange={(e) => onChange({ ...trigger, horas: Number(e.target.value) })}
      helperText="Contadas da última mensagem enviada ao lead."
      slotProps={{ htmlInput: { min: 1, max: 720 } }}
      sx={fieldWidth(FIELD_WIDTH.choice)}
    />
  );
}
