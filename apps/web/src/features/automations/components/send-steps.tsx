// The builder's send steps (issue 25 'Steps'): 'Enviar mensagem rápida' picks one of the unit's
// quick messages (001 §3: the company's or the unit's, not an attendant's own), and 'Enviar mídia'
// an image or a document by its https address, with an optional caption, or an audio (sent as a
// WhatsApp voice message, without a caption).
import { MenuItem, Stack, TextField } from '@mui/material';

import type { Step } from '@funil/domain/automations/automations';

import { useUnitQuickMessages } from '../api/unit-quick-messages.ts';
import { FIELD_WIDTH, FieldRow, fieldWidth } from './field-row.tsx';

export function QuickMessageStepFields({
  step,
  index,
  onChange,
}: {
  step: Extract<Step, { tipo: 'mensagem-rapida' }>;
  index: number;
  onChange: (s: Step) => void;
}) {
  const options = useUnitQuickMessages();
  const chosen = options.find((m) => m.idModelo === step.idModelo);
  return (
    <TextField
      select
      label="Mensagem rápida"
      value={chosen ? step.idModelo : ''}
      onChange={(e) => onChange({ ...step, idModelo: Number(e.target.value) })}
      helperText={chosen ? chosen.mensagem : 'Modelos da empresa e da unidade; os campos como [nome_cliente] são preenchidos.'}
      slotProps={{ select: { inputProps: { 'aria-label': `Mensagem rápida do passo ${index}` } } }}
      sx={{ width: '100%', maxWidth: FIELD_WIDTH.long * 2 }}
    >
      {options.map((m) => (
        <MenuItem key={m.idModelo} value={m.idModelo}>
          {m.tituloMensagem}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function MediaStepFields({
  step,
  index,
  onChange,
}: {
  step: Extract<Step, { tipo: 'midia' }>;
  index: number;
  onChange: (s: Step) => void;
}) {
  return (
    <Stack spacing={1}>
      <FieldRow>
        <TextField
          select
          label="Tipo de mídia"
          value={step.midia}
          onChange={(e) => {
            const midia = e.target.value as typeof step.midia;
            // An audio goes as a voice message, which has no caption.
            onChange({ ...step, midia, ...(midia === 'audio' ? { legenda: '' } : {}) });
          }}
          slotProps={{ select: { inputProps: { 'aria-label': `Tipo de mídia do passo ${index}` } } }}
          sx={fieldWidth(FIELD_WIDTH.unit)}
        >
          <MenuItem value="imagem">Imagem</MenuItem>
          <MenuItem value="documento">Documento</MenuItem>
          <MenuItem value="audio">Áudio (mensagem de voz)</MenuItem>
        </TextField>
        <TextField
          label="Endereço do arquivo (https)"
          value={step.url}
          sx={{ flex: '1 1 240px', minWidth: 0 }}
          slotProps={{ htmlInput: { 'aria-label': `Endereço da mídia do passo ${index}` } }}
          onChange={(e) => onChange({ ...step, url: e.target.value })}
        />
      </FieldRow>
      {step.midia === 'audio' ? null : (
        <TextField
          label="Legenda (opcional)"
          value={step.legenda}
          fullWidth
          slotProps={{ htmlInput: { 'aria-label': `Legenda da mídia do passo ${index}` } }}
          onChange={(e) => onChange({ ...step, legenda: e.target.value })}
        />
      )}
    </Stack>
  );
}
