// The fields of one step of 'Criar automação' (issue 25 'Steps'), shown under the steps table for the
// step being edited. Every kind lays its fields out in the one FieldRow; the labels carry the step's
// number ('Mensagem do passo 1') so a screen reader and the tests tell the steps apart.
import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';

import type { Step, TypebotSettings } from '@funil/domain/automations/automations';
import { statusOptions } from '@funil/domain/automations/step-text';
import type { UnitData } from '@funil/domain/unit/unit-data';

import { FIELD_WIDTH, FieldRow, fieldWidth, TimeUnitSelect } from './field-row.tsx';
import { ScheduleStepFields } from './schedule-steps.tsx';
import { MediaStepFields, QuickMessageStepFields } from './send-steps.tsx';
import { TypebotStepFields, WaitAnswerStepFields } from './typebot-steps.tsx';

export function StatusSelect(props: {
  label: string;
  family: 'negociacao' | 'venda' | 'contato';
  value: number;
  unit: UnitData;
  onChange: (id: number) => void;
}) {
  const options = statusOptions(
    props.unit,
    props.family === 'negociacao' ? 'STATUS_NEGOCIACAO' : props.family === 'venda' ? 'STATUS_VENDA' : 'STATUS_CONTATO',
  );
  return (
    <TextField
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(Number(e.target.value))}
      sx={fieldWidth(FIELD_WIDTH.choice)}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function StepFields({
  step,
  unit,
  typebot,
  index,
  onChange,
}: {
  step: Step;
  unit: UnitData;
  typebot: TypebotSettings | undefined;
  index: number;
  onChange: (s: Step) => void;
}) {
  switch (step.tipo) {
    case 'mensagem':
      return (
        <TextField
          label={`Mensagem do passo ${index}`}
          value={step.texto}
          multiline
          minRows={2}
          fullWidth
          helperText="Use [nome_cliente] e [data_atual] para personalizar."
          onChange={(e) => onChange({ ...step, texto: e.target.value })}
        />
      );
    case 'anotacao':
      return (
        <TextField
          label={`Anotação do passo ${index}`}
          value={step.texto}
          multiline
          fullWidth
          onChange={(e) => onChange({ ...step, texto: e.target.value })}
        />
      );
    case 'esperar':
      return (
        <FieldRow>
          <TextField
            type="number"
            label="Quanto"
            value={step.quantidade}
            onChange={(e) => onChange({ ...step, quantidade: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, 'aria-label': `Quanto esperar no passo ${index}` } }}
            sx={fieldWidth(FIELD_WIDTH.number)}
          />
          <TimeUnitSelect value={step.unidade} onChange={(unidade) => onChange({ ...step, unidade })} />
          <FormControlLabel
            control={
              <Switch
                checked={step.horarioComercial}
                onChange={(e) => onChange({ ...step, horarioComercial: e.target.checked })}
              />
            }
            label="Só em horário comercial (seg. a sáb., 8h às 18h)"
          />
        </FieldRow>
      );
    case 'status':
      return (
        <FieldRow>
          <TextField
            select
            label="Funil"
            value={step.familia}
            onChange={(e) => {
              const familia = e.target.value as 'negociacao' | 'venda';
              const first =
                familia === 'negociacao' ? unit.statusNegociacao[0]?.idFunil : unit.statusNegociacaoVenda[0]?.idFunilVenda;
              onChange({ ...step, familia, idStatus: first ?? 1 });
            }}
            sx={fieldWidth(FIELD_WIDTH.unit)}
          >
            <MenuItem value="negociacao">Negociação</MenuItem>
            <MenuItem value="venda">Venda (ERP)</MenuItem>
          </TextField>
          <StatusSelect
            label={`Novo status do passo ${index}`}
            family={step.familia}
            value={step.idStatus}
            unit={unit}
            onChange={(idStatus) => onChange({ ...step, idStatus })}
          />
        </FieldRow>
      );
    case 'atribuir':
      return (
        <TextField
          select
          label="Atendente"
          value={step.idUsuario ?? ''}
          onChange={(e) => onChange({ ...step, idUsuario: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ width: '100%', maxWidth: FIELD_WIDTH.long }}
        >
          <MenuItem value="">Rodízio entre os atendentes ativos</MenuItem>
          {unit.usuarios.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.nome}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'tag':
      return (
        <FieldRow>
          <TextField
            select
            label="Ação"
            value={step.acao}
            onChange={(e) => onChange({ ...step, acao: e.target.value as typeof step.acao })}
            sx={fieldWidth(FIELD_WIDTH.unit)}
          >
            <MenuItem value="adicionar">Adicionar</MenuItem>
            <MenuItem value="remover">Remover</MenuItem>
          </TextField>
          <TextField
            label="Tag"
            value={step.nome}
            onChange={(e) => onChange({ ...step, nome: e.target.value })}
            sx={fieldWidth(FIELD_WIDTH.choice)}
          />
        </FieldRow>
      );
    case 'condicao':
      return (
        <FieldRow>
          <TextField
            select
            label="Continuar só se"
            value={step.campo}
            onChange={(e) => {
              // Another field: its first choice (a status id is not a tag id), or a campaign to type.
              const campo = e.target.value as typeof step.campo;
              onChange({ ...step, campo, valor: conditionOptions(unit, campo)[0]?.id ?? '' });
            }}
            sx={fieldWidth(FIELD_WIDTH.unit)}
          >
            <MenuItem value="status">Status do funil</MenuItem>
            <MenuItem value="status-venda">Status do ERP</MenuItem>
            <MenuItem value="tag">Tag</MenuItem>
            <MenuItem value="atendente">Atendente</MenuItem>
            <MenuItem value="plataforma">Plataforma</MenuItem>
            <MenuItem value="campanha">Campanha</MenuItem>
          </TextField>
          <TextField
            select
            label="For"
            value={step.negar ? 'nao' : 'sim'}
            onChange={(e) => onChange({ ...step, negar: e.target.value === 'nao' })}
            sx={fieldWidth(FIELD_WIDTH.number)}
          >
            <MenuItem value="sim">for</MenuItem>
            <MenuItem value="nao">não for</MenuItem>
          </TextField>
          <ConditionValue step={step} unit={unit} onChange={onChange} />
        </FieldRow>
      );
    case 'webhook':
      return (
        <TextField
          label="URL (https)"
          value={step.url}
          fullWidth
          helperText="Recebe os dados do lead em JSON, assinados (X-Funil-Assinatura)."
          onChange={(e) => onChange({ ...step, url: e.target.value })}
        />
      );
    case 'typebot':
      return <TypebotStepFields step={step} index={index} settings={typebot} onChange={onChange} />;
    case 'aguardar-resposta':
      return <WaitAnswerStepFields step={step} index={index} onChange={onChange} />;
    case 'agendar-ligacao':
    case 'agendar-mensagem':
      return <ScheduleStepFields step={step} index={index} onChange={onChange} />;
    case 'mensagem-rapida':
      return <QuickMessageStepFields step={step} index={index} onChange={onChange} />;
    case 'midia':
      return <MediaStepFields step={step} index={index} onChange={onChange} />;
  }
}

/** The choices of a condition's value: the unit's statuses, tags, attendants or platforms (a campaign is typed). */
function conditionOptions(unit: UnitData, campo: Extract<Step, { tipo: 'condicao' }>['campo']): { id: number; nome: string }[] {
  switch (campo) {
    case 'status':
      return unit.statusNegociacao.map((s) => ({ id: s.idFunil, nome: s.nome }));
    case 'status-venda':
      return unit.statusNegociacaoVenda.map((s) => ({ id: s.idFunilVenda, nome: s.nome }));
    case 'tag':
      return unit.tags.map((t) => ({ id: t.id, nome: t.nome }));
    case 'atendente':
      return unit.usuarios.map((u) => ({ id: u.id, nome: u.nome }));
    case 'plataforma':
      return unit.plataformas.map((p) => ({ id: p.id, nome: p.nome }));
    case 'campanha':
      return [];
  }
}

function ConditionValue({
  step,
  unit,
  onChange,
}: {
  step: Extract<Step, { tipo: 'condicao' }>;
  unit: UnitData;
  onChange: (s: Step) => void;
}) {
  const options = conditionOptions(unit, step.campo);
  if (options.length === 0)
    return (
      <TextField
        label="Valor"
        value={String(step.valor)}
        onChange={(e) => onChange({ ...step, valor: e.target.value })}
        sx={fieldWidth(FIELD_WIDTH.choice)}
      />
    );
  return (
    <TextField
      select
      label="Valor"
      value={step.valor}
      onChange={(e) => onChange({ ...step, valor: Number(e.target.value) })}
      sx={fieldWidth(FIELD_WIDTH.choice)}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}
