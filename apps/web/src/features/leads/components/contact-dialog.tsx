// 'Cadastrar Contato' (000 §2, §5, §8): one lead typed by hand, or a CSV imported as a job.
// Cadastrar follows canSubmitContactDialog; with a CSV loaded it starts the import. The chat's add
// button opens the same form as 001 §2's 'Novo Cliente': Nome, Telefone, Email and 'Cadastrar'.
import { zodResolver } from '@hookform/resolvers/zod';
import { Divider, Grid, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import {
  canSubmitContactDialog,
  contactFormSchema,
  contactFormToPayload,
  EMPTY_CONTACT_FORM,
  type ContactForm,
} from '@funil/domain/leads/contact';
import { CSV_MESSAGES, isCsvFileName, parseLeadCsv } from '@funil/domain/leads/csv';
import { maskCelular, maskCEP } from '@funil/domain/phone/phone';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import { DialogFrame, DialogShell } from '../../../components/ui/dialog-shell.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useCreateContact } from '../api/create-contact.ts';
import { CsvImportPanel, type LoadedCsv } from './csv-import-panel.tsx';
import { useCsvImport } from './use-csv-import.ts';

/** 001 §8 "New client failure". */
const CREATE_FAILED = 'Erro ao cadastrar cliente';
const TITLE_ID = 'cadastrar-contato-titulo';

type ContactDialogProps = { open: boolean; onClose: () => void; variant?: 'contato' | 'novoCliente' };

export function ContactDialog({ open, onClose, variant = 'contato' }: ContactDialogProps) {
  const unit = useLoadedUnitData();
  const newClient = variant === 'novoCliente';
  const withCep = !newClient && parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra).cadastrarCEP === true;
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateContact();
  const [csv, setCsv] = useState<LoadedCsv | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const resetFile = () => {
    setCsv(null);
    setInputKey((key) => key + 1);
  };
  const csvImport = useCsvImport(resetFile);

  const { control, handleSubmit, reset } = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: EMPTY_CONTACT_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [nome, celular] = useWatch({ control, name: ['nome', 'celular'] });
  const importing = csvImport.running;
  const canSubmit = canSubmitContactDialog({ nome, celular, csvRows: csv?.rows ?? null, importing }) && !create.isPending;

  const readFile = async (file: File | null) => {
    csvImport.clear();
    if (!file) {
      resetFile();
      return;
    }
    // 000 §5: only .csv files; 000 §8: missing columns and unreadable files are said at once.
    if (!isCsvFileName(file.name)) {
      enqueueSnackbar(CSV_MESSAGES.invalidFile, { variant: 'error' });
      resetFile();
      return;
    }
    let result: ReturnType<typeof parseLeadCsv>;
    try {
      result = parseLeadCsv(await file.text());
    } catch {
      result = { ok: false, error: CSV_MESSAGES.invalidFile };
    }
    if (!result.ok) {
      enqueueSnackbar(result.error, { variant: 'error' });
      resetFile();
      return;
    }
    setCsv({ file, rows: result.rows.length, invalid: result.failures.length });
  };

  const submitManual = handleSubmit((form) => {
    create.mutate(contactFormToPayload(form, withCep), {
      onSuccess: () => {
        enqueueSnackbar(LEAD_API_MESSAGES.created, { variant: 'success' });
        reset(EMPTY_CONTACT_FORM);
        onClose();
      },
      // A duplicate phone (409) and validation errors carry the server's Portuguese message.
      onError: (cause) =>
        enqueueSnackbar(cause instanceof ApiError && cause.status > 0 && cause.status < 500 ? cause.message : CREATE_FAILED, {
          variant: 'error',
        }),
    });
  });

  const submit = () => {
    if (csv && csv.rows > 0 && !importing) csvImport.start(csv.file);
    else void submitManual();
  };

  return (
    <DialogShell open={open} onClose={onClose} titleId={TITLE_ID} maxWidth={newClient ? 'xs' : 'md'} fullScreen={fullScreen}>
      <DialogFrame
        title={newClient ? 'Novo Cliente' : 'Cadastrar Contato'}
        titleId={TITLE_ID}
        busyLabel={null}
        // Enter in a field submits like Cadastrar, when Cadastrar may.
        onSubmit={() => {
          if (canSubmit) submit();
        }}
        primary={{ label: 'Cadastrar', disabled: !canSubmit }}
        cancelLabel="Sair"
        onCancel={onClose}
      >
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: newClient ? 12 : 5 }}>
            <Stack spacing={2}>
              {!newClient && (
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  Dados do contato
                </Typography>
              )}
              <Controller
                name="nome"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label="Nome"
                    required
                    autoFocus
                    autoComplete="off"
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    size="small"
                  />
                )}
              />
              <Controller
                name="celular"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    onChange={(event) => field.onChange(maskCelular(event.target.value))}
                    label={newClient ? 'Telefone' : 'Celular'}
                    required
                    placeholder="(11) 98765-4321"
                    slotProps={{ htmlInput: { inputMode: 'tel' } }}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    size="small"
                  />
                )}
              />
              <Controller
                name="email"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label="Email"
                    type="email"
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    size="small"
                  />
                )}
              />
              {withCep && (
                <Controller
                  name="cep"
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      onChange={(event) => field.onChange(maskCEP(event.target.value))}
                      label="CEP"
                      placeholder="00000-000"
                      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                      size="small"
                    />
                  )}
                />
              )}
              {!newClient && (
                <Controller
                  name="anuncio"
                  control={control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      label="Anúncio"
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                      size="small"
                    />
                  )}
                />
              )}
            </Stack>
          </Grid>
          {!newClient && (
            <>
              <Grid size={{ xs: 12, md: 'auto' }} sx={{ display: { xs: 'none', md: 'block' } }}>
                <Divider orientation="vertical" />
              </Grid>
              <Grid size={{ xs: 12, md: 'grow' }}>
                <CsvImportPanel
                  csv={csv}
                  job={csvImport.job}
                  busy={importing}
                  uploading={csvImport.uploading}
                  cancelling={csvImport.cancelling}
                  onFile={(file) => void readFile(file)}
                  onCancel={csvImport.cancel}
                  inputKey={inputKey}
                />
              </Grid>
            </>
          )}
        </Grid>
      </DialogFrame>
    </DialogShell>
  );
}
