// The editable contact block (001 §2 side panel, §5 "Edit contact"): Nome, Celular, Email and,
// with cadastrarCEP, CEP 00000-000; Cancelar and Salvar once something changed.
import { useState } from 'react';
import { Button, Grid, Stack, TextField } from '@mui/material';
import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { canSubmitClientForm, cepFromInformacoesExtra, contactEditPayloadSchema, type ContactEditPayload } from '@funil/domain/leads/contact';
import { formatPhoneDisplay, maskCEP, maskCelular, stripCEP, stripPhone } from '@funil/domain/phone/phone';
import { leadActions } from '../api/lead-actions.ts';
import { useLeadChange } from '../api/use-lead-change.ts';

type Draft = { nome: string; celular: string; email: string; cep: string };

const draftOf = (lead: CrmContato): Draft => ({
  nome: lead.cli_nome,
  celular: formatPhoneDisplay(lead.cli_telefone),
  email: lead.cli_email ?? '',
  cep: cepFromInformacoesExtra(lead.informacoesExtra),
});

export function LeadContactForm({ lead, withCep }: { lead: CrmContato; withCep: boolean }) {
  const saved = draftOf(lead);
  // null while not editing: the block then shows the lead as it is now, live updates included.
  const [edit, setEdit] = useState<Draft | null>(null);
  const draft = edit ?? saved;
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const dirty = (Object.keys(saved) as (keyof Draft)[]).some((key) => saved[key] !== draft[key]);
  const save = useLeadChange(lead.cli_crm_id, {
    request: (payload: ContactEditPayload) => leadActions.editContact(lead.cli_crm_id, payload),
    success: LEAD_API_MESSAGES.updated,
    onDone: () => setEdit(null),
  });
  const set = (key: keyof Draft, value: string) => setEdit({ ...draft, [key]: value });

  const submit = () => {
    // 001 §5: the phone loses spaces, brackets and hyphens; the CEP its hyphen.
    const parsed = contactEditPayloadSchema.safeParse({
      cli_nome: draft.nome,
      cli_telefone: stripPhone(draft.celular),
      cli_email: draft.email,
      ...(withCep ? { informacoesExtra: { ...(lead.informacoesExtra ?? {}), cep: stripCEP(draft.cep) || undefined } } : {}),
    });
    if (!parsed.success) {
      const byField: Record<string, keyof Draft> = { cli_nome: 'nome', cli_telefone: 'celular', cli_email: 'email', informacoesExtra: 'cep' };
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [byField[String(issue.path[0])] ?? 'nome', issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Stack spacing={1.5} component="form" aria-label="Dados do contato" noValidate onSubmit={(event) => {
      event.preventDefault();
      submit();
    }}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField size="small" label="Nome" value={draft.nome} onChange={(e) => set('nome', e.target.value)} error={!!errors.nome} helperText={errors.nome} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            size="small"
            label="Celular"
            value={draft.celular}
            onChange={(e) => set('celular', maskCelular(e.target.value))}
            error={!!errors.celular}
            helperText={errors.celular}
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: withCep ? 6 : 12 }}>
          <TextField size="small" label="Email" type="email" value={draft.email} onChange={(e) => set('email', e.target.value)} error={!!errors.email} helperText={errors.email} />
        </Grid>
        {withCep && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              size="small"
              label="CEP"
              value={draft.cep}
              onChange={(e) => set('cep', maskCEP(e.target.value))}
              error={!!errors.cep}
              helperText={errors.cep}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
        )}
      </Grid>
      {dirty && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              setEdit(null);
              setErrors({});
            }}
          >
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmitClientForm({ nome: draft.nome, telefone: draft.celular, saving: save.isPending })}>
            Salvar
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
