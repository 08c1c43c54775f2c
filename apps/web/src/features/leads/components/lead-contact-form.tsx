// The editable contact block (001 §2 side panel, §5 "Edit contact"): Nome, Celular, Email and,
// with cadastrarCEP, CEP 00000-000; Cancelar and Salvar once something changed.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Stack, TextField } from '@mui/material';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import {
  canSubmitClientForm,
  cepFromInformacoesExtra,
  contactEditPayloadSchema,
  contactFormSchema,
  type ContactEditPayload,
} from '@funil/domain/leads/contact';
import { formatPhoneDisplay, maskCelular, maskCEP, stripCEP, stripPhone } from '@funil/domain/phone/phone';

import { leadActions } from '../api/lead-actions.ts';
import { useLeadChange } from '../api/use-lead-change.ts';

/** The contact form of the domain (as typed: masked Celular, CEP 00000-000), without the Anúncio of 'Cadastrar Contato'. */
const leadContactSchema = contactFormSchema.omit({ anuncio: true });
type Draft = ReturnType<typeof leadContactSchema.parse>;

const draftOf = (lead: CrmContato): Draft => ({
  nome: lead.cli_nome,
  celular: formatPhoneDisplay(lead.cli_telefone),
  email: lead.cli_email ?? '',
  cep: cepFromInformacoesExtra(lead.informacoesExtra),
});

type FieldProps = {
  control: Control<Draft>;
  name: keyof Draft;
  label: string;
  type?: string;
  mask?: (typed: string) => string;
  inputMode?: 'tel' | 'numeric';
};

function DraftField({ control, name, label, type, mask, inputMode }: FieldProps) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(event) => field.onChange(mask ? mask(event.target.value) : event.target.value)}
          size="small"
          label={label}
          type={type}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={inputMode ? { htmlInput: { inputMode } } : undefined}
        />
      )}
    />
  );
}

export function LeadContactForm({ lead, withCep }: { lead: CrmContato; withCep: boolean }) {
  // While nothing is changed the block shows the lead as it is now, live updates included; a field being edited keeps what was typed.
  const { control, handleSubmit, reset, getValues, formState } = useForm<Draft>({
    resolver: zodResolver(leadContactSchema),
    values: draftOf(lead),
    resetOptions: { keepDirtyValues: true },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [nome, celular] = useWatch({ control, name: ['nome', 'celular'] });
  const save = useLeadChange(lead.cli_crm_id, {
    request: (payload: ContactEditPayload) => leadActions.editContact(lead.cli_crm_id, payload),
    success: LEAD_API_MESSAGES.updated,
    // The saved values are the form's new starting point until the lead comes back from the server.
    onDone: () => reset(getValues(), { keepDirtyValues: false }),
  });

  const submit = handleSubmit((draft) => {
    // 001 §5: the phone loses spaces, brackets and hyphens; the CEP its hyphen.
    save.mutate(
      contactEditPayloadSchema.parse({
        cli_nome: draft.nome,
        cli_telefone: stripPhone(draft.celular),
        cli_email: draft.email,
        ...(withCep ? { informacoesExtra: { ...(lead.informacoesExtra ?? {}), cep: stripCEP(draft.cep) || undefined } } : {}),
      }),
    );
  });

  return (
    <Stack
      spacing={1.5}
      component="form"
      aria-label="Dados do contato"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DraftField control={control} name="nome" label="Nome" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DraftField control={control} name="celular" label="Celular" mask={maskCelular} inputMode="tel" />
        </Grid>
        <Grid size={{ xs: 12, sm: withCep ? 6 : 12 }}>
          <DraftField control={control} name="email" label="Email" type="email" />
        </Grid>
        {withCep && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <DraftField control={control} name="cep" label="CEP" mask={maskCEP} inputMode="numeric" />
          </Grid>
        )}
      </Grid>
      {formState.isDirty && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(draftOf(lead), { keepDirtyValues: false })}>Cancelar</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSubmitClientForm({ nome, telefone: celular, saving: save.isPending })}
          >
            Salvar
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
