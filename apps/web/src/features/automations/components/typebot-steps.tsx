// The builder's fields of issue 25's 'Iniciar fluxo do Typebot' and 'Aguardar resposta' steps and the
// 'Sem resposta' trigger (automation-builder-dialog.tsx renders them).
import { MenuItem, Stack, TextField, Typography } from '@mui/material';

import type { Step, Trigger, TypebotSettings } from '@funil/domain/automations/automations';

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
      sx={{ minWidth: 280 }}
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
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        type="number"
        label="Prazo"
        value={step.quantidade}
        onChange={(e) => onChange({ ...step, quantidade: Number(e.target.value) })}
        slotProps={{ htmlInput: { min: 1, 'aria-label': `Prazo da resposta no passo ${index}` } }}
        sx={{ width: 110 }}
      />
      <TextField
        select
        label="Unidade"
        value={step.unidade}
        onChange={(e) => onChange({ ...step, unidade: e.target.value as typeof step.unidade })}
      >
        <MenuItem value="minutos">minutos</MenuItem>
        <MenuItem value="horas">horas</MenuItem>
        <MenuItem value="dias">dias</MenuItem>
      </TextField>
      <TextField
        select
        label="Se não responder"
        value={step.seNaoResponder}
        onChange={(e) => onChange({ ...step, seNaoResponder: e.target.value as typeof step.seNaoResponder })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="parar">parar a automação</MenuItem>
        <MenuItem value="continuar">continuar para o próximo passo</MenuItem>
      </TextField>
      <Typography variant="body2" color="text.secondary">
        Se o lead responder antes, a automação continua na hora.
      </Typography>
    </Stack>
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
      sx={{ width: 190 }}
    />
  );
}
