// /configuracoes (002 §2.10 "Configurações", §3 "Settings (per unit)", §4 "Settings rule", §5
// "Settings"): the call limits, the call hours and holidays (issue 12), the WhatsApp message, the queue rules and the allowed negotiation
// statuses of the admin's unit, the mass-send caps and windows (issue 13), with SALVAR and a refresh icon.
// One react-hook-form form, checked by the server's schema (settings-form.ts).
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useController, useForm, useFormState, useWatch, type Control } from 'react-hook-form';

import { SETTINGS_MESSAGES } from '@funil/domain/admin-api/settings';

import { TransferList } from '../../../components/ui/transfer-list.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import {
  useCompanyUnits,
  useSaveUnitSettings,
  useUnitSettings,
  type SettingsForm,
  type UnitSettingsView,
} from '../api/unit-settings.ts';
import { isOnlyDailyAboveTotal, settingsResolver, type NumberField } from '../settings-form.ts';
import { CallHoursFields } from './call-hours-fields.tsx';
import { MassSendSettingsFields } from './mass-send-settings-fields.tsx';

const NUMBER_FIELDS: { name: NumberField; label: string; helper: string }[] = [
  {
    name: 'ligacao_limite_tentativas',
    label: 'Total de tentativas',
    helper: 'Ligações por contato antes de ir para Não Atendido',
  },
  { name: 'ligacao_limite_tentativas_diarias', label: 'Tentativas diárias', helper: 'Ligações por contato em um mesmo dia' },
  {
    name: 'ligacao_intervalo_nao_atendida',
    label: 'Intervalo entre tentativas (minutos)',
    helper: 'Espera após uma ligação não atendida',
  },
  {
    name: 'ligacao_intervalo_ocupado',
    label: 'Intervalo após ocupado (minutos)',
    helper: 'Espera após encontrar a linha ocupada',
  },
  { name: 'intervalo_dias_crm', label: 'Dias no CRM', helper: 'Período de leads exibido no CRM' },
  {
    name: 'valor_minimo_segundos_chamada_atendida',
    label: 'Segundos mínimos de chamada atendida',
    helper: 'Abaixo disso a chamada conta como não atendida',
  },
];

type SwitchName = 'evolution_habilitado' | 'habilita_mensagem_whatsapp';

type SwitchSectionProps = {
  id: string;
  title: string;
  switchLabel: string;
  control: Control<SettingsForm>;
  name: SwitchName;
  /** What the switch changes, under it. */
  note: string;
  noteGap: number;
  /** The section's field. */
  children: ReactNode;
};

/** A settings section that a switch turns on, with what it does and its field. */
function SwitchSection({ id, title, switchLabel, control, name, note, noteGap, children }: SwitchSectionProps) {
  const { field } = useController({ control, name });
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <FormControlLabel
        control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
        label={switchLabel}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: noteGap }}>
        {note}
      </Typography>
      {children}
    </section>
  );
}

/** The daily-above-total notice and SALVAR: they alone follow the form's errors, so a keystroke re-renders one field and this. */
function SaveBar({ control, saving }: { control: Control<SettingsForm>; saving: boolean }) {
  const { errors } = useFormState({ control });
  const dailyAboveTotal = isOnlyDailyAboveTotal(errors);
  return (
    <>
      {dailyAboveTotal && <Alert severity="warning">{SETTINGS_MESSAGES.dailyAboveTotal}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          // Every problem but daily above total waits for the fix; that one SALVAR answers with its message.
          disabled={(Object.keys(errors).length > 0 && !dailyAboveTotal) || saving}
        >
          SALVAR
        </Button>
      </Stack>
    </>
  );
}

type SettingsFormProps = {
  view: UnitSettingsView;
  idUnidade: number | null;
  unitPicker: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
};

function SettingsForm({ view, idUnidade, unitPicker, onRefresh, refreshing }: SettingsFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveUnitSettings(idUnidade, {
    onSaved: () => enqueueSnackbar(SETTINGS_MESSAGES.saved, { variant: 'success' }),
    onFailed: (error) => enqueueSnackbar(error instanceof ApiError ? error.message : String(error), { variant: 'error' }),
  });
  const { control, handleSubmit, trigger, subscribe } = useForm<SettingsForm>({
    defaultValues: view.form,
    resolver: settingsResolver,
  });
  // Every change checks the whole form, so a rule across fields (daily above total) shows at once.
  useEffect(() => {
    void trigger();
    return subscribe({ formState: { values: true }, callback: () => void trigger() });
  }, [subscribe, trigger]);
  const massSend = useWatch({ control, name: 'habilita_envio_em_massa' });

  const submit = handleSubmit(
    (form) => save.mutate(form),
    // 002 §5: daily attempts above the total save nothing and say so; other problems keep SALVAR disabled.
    (invalid) => {
      if (isOnlyDailyAboveTotal(invalid)) enqueueSnackbar(SETTINGS_MESSAGES.dailyAboveTotal, { variant: 'error' });
    },
  );

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1.5 }}>
        <Typography variant="h2" component="h2">
          Configurações
        </Typography>
        <Box sx={{ flex: 1 }} />
        {/* On a phone the picker takes its own line under the title. */}
        {unitPicker && <Box sx={{ order: { xs: 3, sm: 0 }, width: { xs: '100%', sm: 280 } }}>{unitPicker}</Box>}
        <Tooltip title="Atualizar">
          <span>
            <IconButton aria-label="Atualizar" onClick={onRefresh} disabled={refreshing || save.isPending}>
              {refreshing ? <CircularProgress size={20} /> : <Refresh />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <SwitchSection
            id="cfg-unidade"
            title="WhatsApp e dashboard"
            switchLabel="Habilitar WhatsApp (Evolution)"
            control={control}
            name="evolution_habilitado"
            note="Com o WhatsApp habilitado, a unidade conecta seus números em Instâncias e conversa com os leads pelo chat."
            noteGap={2}
          >
            <Controller
              control={control}
              name="url_dashboard"
              render={({ field, fieldState }) => (
                <TextField
                  label="Dashboard externo (endereço)"
                  fullWidth
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error !== undefined}
                  helperText={
                    fieldState.error?.message ??
                    'Com um endereço https://, o Dashboard da unidade mostra essa página. Deixe vazio para usar o dashboard do Funil.'
                  }
                  placeholder="https://"
                  slotProps={{ htmlInput: { inputMode: 'url', maxLength: 2000 } }}
                />
              )}
            />
          </SwitchSection>

          <Divider />
          <section aria-labelledby="cfg-ligacoes">
            <Typography id="cfg-ligacoes" variant="h6" component="h3" sx={{ mb: 2 }}>
              Ligações
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
              {NUMBER_FIELDS.map((number) => (
                <Controller
                  key={number.name}
                  control={control}
                  name={number.name}
                  render={({ field, fieldState }) => (
                    <TextField
                      label={number.label}
                      type="number"
                      name={field.name}
                      inputRef={field.ref}
                      value={Number.isNaN(field.value) ? '' : field.value}
                      onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
                      onBlur={field.onBlur}
                      error={fieldState.error !== undefined}
                      helperText={fieldState.error?.message ?? number.helper}
                      slotProps={{ htmlInput: { min: 1, step: 1 } }}
                    />
                  )}
                />
              ))}
            </Box>
          </section>

          <Divider />
          <CallHoursFields control={control} />

          <Divider />
          <SwitchSection
            id="cfg-whatsapp"
            title="Mensagem de WhatsApp"
            switchLabel="Habilitar mensagem de WhatsApp"
            control={control}
            name="habilita_mensagem_whatsapp"
            note="Com a mensagem habilitada, o contato que esgota as tentativas vai para o status Whatsapp em vez de Não Atendido."
            noteGap={1.5}
          >
            <Controller
              control={control}
              name="mensagem_whatsapp"
              render={({ field, fieldState }) => (
                <TextField
                  label="Mensagem"
                  fullWidth
                  multiline
                  minRows={3}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error !== undefined}
                  helperText={
                    fieldState.error?.message ?? 'Use {nome} para o nome do contato e {anuncio} para o anúncio de origem.'
                  }
                />
              )}
            />
          </SwitchSection>

          {massSend && (
            <>
              <Divider />
              <MassSendSettingsFields control={control} />
            </>
          )}

          <Divider />
          <section aria-labelledby="cfg-fila">
            <Typography id="cfg-fila" variant="h6" component="h3" sx={{ mb: 2 }}>
              Regras da fila de ligações
            </Typography>
            <Stack spacing={3}>
              {(['regra_fila_1', 'regra_fila_2', 'regra_fila_3'] as const).map((name, i) => (
                <Controller
                  key={name}
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <TransferList
                      label={`Regra da fila ${i + 1}`}
                      items={view.options[name]}
                      used={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
              ))}
            </Stack>
          </section>

          <Divider />
          <section>
            <Controller
              control={control}
              name="status_negociacao_permitidos"
              render={({ field }) => (
                <TransferList
                  label="Status de negociação permitidos"
                  titleVariant="h6"
                  items={view.options.status_negociacao_permitidos}
                  used={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </section>

          <SaveBar control={control} saving={save.isPending} />
        </Stack>
      </Paper>
    </Box>
  );
}

export function UnitSettingsScreen() {
  const user = useCurrentUser();
  // A company admin (ag) sets any unit of the company; a unit admin only their own.
  const companyAdmin = user.permissao === 'ag';
  const [idUnidade, setIdUnidade] = useState<number | null>(null);
  const units = useCompanyUnits(companyAdmin);
  const settings = useUnitSettings(idUnidade);
  const unitPicker =
    companyAdmin && (units.data?.length ?? 0) > 1 ? (
      <TextField
        select
        size="small"
        label="Unidade"
        value={idUnidade ?? user.idUnidade}
        onChange={(event) => setIdUnidade(Number(event.target.value))}
        fullWidth
      >
        {(units.data ?? []).map((unit) => (
          <MenuItem key={unit.id} value={unit.id}>
            {unit.nome}
          </MenuItem>
        ))}
      </TextField>
    ) : null;

  if (settings.isPending) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>Carregando...</Typography>
      </Stack>
    );
  }
  if (settings.isError) return <Alert severity="error">{settings.error.message}</Alert>;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      {/* A refresh (or another unit) puts the form back to what the server holds. */}
      <SettingsForm
        key={`${idUnidade ?? 'propria'}-${settings.dataUpdatedAt}`}
        view={settings.data}
        idUnidade={idUnidade}
        unitPicker={unitPicker}
        onRefresh={() => void settings.refetch()}
        refreshing={settings.isFetching}
      />
    </Box>
  );
}
