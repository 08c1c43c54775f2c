// issue 12 "call hours per unit (weekday windows and holidays, São Paulo time) outside which nobody
// is dialled": the Configurações section that edits them, bound to the settings form (react-hook-form);
// the windows' messages are the domain schema's (callWindowSchema), checked by the form's resolver.
import { Box, Button, Chip, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';

import { formatDate, formatIsoDate, parseBrazilianDate } from '@funil/domain/format/date';
import { SUGGESTED_CALL_HOURS, WEEKDAY_NAMES, type CallHours } from '@funil/domain/webphone/call-hours';

import type { SettingsForm } from '../api/unit-settings.ts';
import { firstMessage } from '../settings-form.ts';

type Props = { control: Control<SettingsForm> };

/** 'HHMM' typed → 'HH:MM'. */
const maskTime = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
};
/** 'DDMMAAAA' typed → 'DD/MM/AAAA'. */
const maskDate = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter((p) => p !== '').join('/');
};

/** Monday first on screen, as a Brazilian week is read; stored Sunday first. */
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export function CallHoursFields({ control }: Props) {
  const hoursField = useController({ control, name: 'horario_ligacao' });
  const holidaysField = useController({ control, name: 'feriados' });
  const hours = hoursField.field.value;
  const holidays = holidaysField.field.value;
  const onHours = (value: CallHours | null) => hoursField.field.onChange(value);
  const onHolidays = (value: string[]) => holidaysField.field.onChange(value);
  /** By day (Sunday first), the errors of its window. */
  const dayErrors = hoursField.fieldState.error as unknown as
    readonly ({ inicio?: unknown; fim?: unknown } | undefined)[] | undefined;
  const [holiday, setHoliday] = useState('');
  const setDay = (day: number, value: CallHours[number]) => {
    if (!hours) return;
    onHours(hours.map((w, i) => (i === day ? value : w)));
  };
  // Typed as DD/MM/AAAA (pt-BR), stored as 'YYYY-MM-DD'.
  const holidayDate = parseBrazilianDate(holiday);
  const addHoliday = () => {
    if (!holidayDate) return;
    const iso = formatIsoDate(holidayDate);
    if (!holidays.includes(iso)) onHolidays([...holidays, iso].sort());
    setHoliday('');
  };

  return (
    <section aria-labelledby="cfg-horario">
      <Typography id="cfg-horario" variant="h6" component="h3" sx={{ mb: 1 }}>
        Horário de ligações
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={hours !== null} onChange={(event) => onHours(event.target.checked ? SUGGESTED_CALL_HOURS : null)} />
        }
        label="Restringir o horário de ligações da fila"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Fora destes horários (horário de Brasília) e nos feriados a fila automática não liga para ninguém e espera o próximo
        horário.
      </Typography>
      {hours && (
        <Stack spacing={1.5} sx={{ mb: 2 }}>
          {DAY_ORDER.map((day) => {
            const name = WEEKDAY_NAMES[day];
            const window = hours[day] ?? null;
            const startProblem = window ? firstMessage(dayErrors?.[day]?.inicio) : undefined;
            const endProblem = window ? firstMessage(dayErrors?.[day]?.fim) : undefined;
            return (
              <Box
                key={day}
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr 1fr', sm: '200px 1fr 1fr' },
                }}
              >
                <FormControlLabel
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                  control={
                    <Switch
                      size="small"
                      checked={window !== null}
                      onChange={(event) => setDay(day, event.target.checked ? { inicio: '08:00', fim: '18:00' } : null)}
                    />
                  }
                  label={name}
                />
                {window ? (
                  <>
                    <TextField
                      size="small"
                      label={`${name}: início`}
                      value={window.inicio}
                      onChange={(event) => setDay(day, { ...window, inicio: maskTime(event.target.value) })}
                      placeholder="HH:MM"
                      error={startProblem !== undefined}
                      helperText={startProblem}
                      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
                    />
                    <TextField
                      size="small"
                      label={`${name}: fim`}
                      value={window.fim}
                      onChange={(event) => setDay(day, { ...window, fim: maskTime(event.target.value) })}
                      placeholder="HH:MM"
                      error={endProblem !== undefined}
                      helperText={endProblem}
                      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
                    />
                  </>
                ) : (
                  <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
                    Sem ligações
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Feriados
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <TextField
          size="small"
          label="Data do feriado"
          placeholder="DD/MM/AAAA"
          value={holiday}
          onChange={(event) => setHoliday(maskDate(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addHoliday();
            }
          }}
          error={holiday.length === 10 && !holidayDate}
          helperText={holiday.length === 10 && !holidayDate ? 'Data inválida.' : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        />
        <Button variant="outlined" onClick={addHoliday} disabled={!holidayDate} sx={{ whiteSpace: 'nowrap' }}>
          Adicionar feriado
        </Button>
      </Stack>
      {holidays.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum feriado cadastrado.
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Feriados cadastrados" role="list">
          {holidays.map((day) => (
            <Chip
              key={day}
              role="listitem"
              label={formatDate(day)}
              onDelete={() => onHolidays(holidays.filter((d) => d !== day))}
            />
          ))}
        </Stack>
      )}
    </section>
  );
}
