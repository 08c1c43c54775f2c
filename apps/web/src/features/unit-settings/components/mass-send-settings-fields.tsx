// Issue 13 'Caps and windows, per WhatsApp number, configurable per unit with safe defaults': the
// Configurações section 'Envio em massa' (configuracoes_envio_em_massa of 000 §3; 002 §9 limits),
// bound to the settings form (react-hook-form). The rules are the domain's (massSendSettingsBodySchema,
// checked by the form's resolver), so the form and the server refuse the same values with the same words.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useController, type Control } from 'react-hook-form';

import { type MassSendSettingsBody } from '@funil/domain/mass-send/mass-send-api';
import { WEEKDAY_NAMES } from '@funil/domain/webphone/call-hours';

import type { SettingsForm } from '../api/unit-settings.ts';
import { firstMessage } from '../settings-form.ts';

type Props = { control: Control<SettingsForm> };

type NumberKey = 'quantidade_max_leads' | 'tempo_minimo' | 'tempo_maximo' | 'janela_erros' | 'percentual_erros';

/** 'HHMM' typed → 'HH:MM'. */
const maskTime = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
};
const numberOf = (text: string) => (text === '' ? Number.NaN : Number(text));
const shown = (n: number) => (Number.isNaN(n) ? '' : n);

/** Monday first on screen, as a Brazilian week is read; stored Sunday first (0). */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } } as const;

export function MassSendSettingsFields({ control }: Props) {
  const { field, fieldState } = useController({ control, name: 'configuracoes_envio_em_massa' });
  const value = field.value;
  const onChange = (next: MassSendSettingsBody) => field.onChange(next);
  // By field, its first problem (an item of the warm-up, the list itself).
  const problems: Partial<Record<string, string>> = Object.fromEntries(
    Object.entries(fieldState.error ?? {}).map(([key, error]) => [key, firstMessage(error)]),
  );
  const set = <K extends keyof MassSendSettingsBody>(key: K, v: MassSendSettingsBody[K]) => onChange({ ...value, [key]: v });
  const numberField = (key: NumberKey, label: string, helper: string, min: number, max: number) => (
    <TextField
      label={label}
      type="number"
      value={shown(value[key])}
      onChange={(event) => set(key, numberOf(event.target.value))}
      error={Boolean(problems[key])}
      helperText={problems[key] ?? helper}
      slotProps={{ htmlInput: { min, max, step: 1 } }}
    />
  );
  const steps = value.aquecimento;
  const setStep = (index: number, step: { dias: number; limite: number }) =>
    set(
      'aquecimento',
      steps.map((s, i) => (i === index ? step : s)),
    );
  const lastDay = steps.at(-1)?.dias ?? -1;

  return (
    <section aria-labelledby="cfg-envio-massa">
      <Typography id="cfg-envio-massa" variant="h6" component="h3" sx={{ mb: 1 }}>
        Envio em massa
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Limites de cada número de WhatsApp desta unidade nos disparos. Valores conservadores protegem o número contra restrições e
        banimentos.
      </Typography>

      <Stack spacing={3}>
        <Box sx={GRID}>
          {numberField('quantidade_max_leads', 'Máximo de leads por disparo', 'De 1 a 1000 leads', 1, 1000)}
          {numberField('tempo_minimo', 'Intervalo mínimo (segundos)', 'Menor intervalo que o disparo aceita', 10, 60)}
          {numberField('tempo_maximo', 'Intervalo máximo (segundos)', 'Maior intervalo que o disparo aceita', 10, 60)}
        </Box>

        <Box>
          <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
            Horário permitido (horário de Brasília)
          </Typography>
          <Box sx={GRID}>
            <TextField
              label="Início dos envios"
              value={value.horario_inicio}
              onChange={(event) => set('horario_inicio', maskTime(event.target.value))}
              placeholder="HH:MM"
              error={Boolean(problems['horario_inicio'])}
              helperText={problems['horario_inicio'] ?? 'Antes disso o disparo espera'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            />
            <TextField
              label="Fim dos envios"
              value={value.horario_fim}
              onChange={(event) => set('horario_fim', maskTime(event.target.value))}
              placeholder="HH:MM"
              error={Boolean(problems['horario_fim'])}
              helperText={problems['horario_fim'] ?? 'Depois disso o disparo continua no dia seguinte'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            />
          </Box>
          <FormGroup row aria-label="Dias permitidos" role="group" sx={{ mt: 1 }}>
            {DAY_ORDER.map((day) => (
              <FormControlLabel
                key={day}
                label={WEEKDAY_NAMES[day]}
                control={
                  <Checkbox
                    checked={value.dias_semana.includes(day)}
                    onChange={(event) =>
                      set(
                        'dias_semana',
                        event.target.checked
                          ? [...value.dias_semana, day].sort((a, b) => a - b)
                          : value.dias_semana.filter((d) => d !== day),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {problems['dias_semana'] && <FormHelperText error>{problems['dias_semana']}</FormHelperText>}
        </Box>

        <Box role="group" aria-labelledby="cfg-aquecimento">
          <Typography id="cfg-aquecimento" variant="subtitle1" component="h4">
            Aquecimento do número
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Envios por dia de cada número, conforme os dias desde o seu primeiro disparo.
          </Typography>
          <Stack spacing={1.5}>
            {steps.map((step, index) => (
              <Stack key={index} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  type="number"
                  label={`Etapa ${index + 1}: a partir do dia`}
                  value={shown(step.dias)}
                  onChange={(event) => setStep(index, { ...step, dias: numberOf(event.target.value) })}
                  slotProps={{ htmlInput: { min: 0, step: 1 } }}
                  sx={{ flex: 1 }}
                />
                <TextField
                  size="small"
                  type="number"
                  label={`Etapa ${index + 1}: envios por dia`}
                  value={shown(step.limite)}
                  onChange={(event) => setStep(index, { ...step, limite: numberOf(event.target.value) })}
                  slotProps={{ htmlInput: { min: 1, step: 1 } }}
                  sx={{ flex: 1 }}
                />
                <Tooltip title="Remover etapa">
                  <span>
                    <IconButton
                      aria-label={`Remover etapa ${index + 1}`}
                      disabled={steps.length === 1}
                      onClick={() =>
                        set(
                          'aquecimento',
                          steps.filter((_, i) => i !== index),
                        )
                      }
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            ))}
          </Stack>
          {problems['aquecimento'] && <FormHelperText error>{problems['aquecimento']}</FormHelperText>}
          <Button
            sx={{ mt: 1 }}
            disabled={steps.length >= 10}
            onClick={() =>
              set('aquecimento', [
                ...steps,
                { dias: Number.isNaN(lastDay) ? 0 : lastDay + 7, limite: steps.at(-1)?.limite ?? 20 },
              ])
            }
          >
            Adicionar etapa
          </Button>
        </Box>

        <Box>
          <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
            Pausa automática por erros
          </Typography>
          <Box sx={GRID}>
            {numberField('janela_erros', 'Últimos envios observados', 'De 5 a 200 envios do disparo', 5, 200)}
            {numberField('percentual_erros', 'Percentual de erros que pausa (%)', 'Acima disso o disparo pausa sozinho', 1, 100)}
          </Box>
        </Box>
      </Stack>
    </section>
  );
}
