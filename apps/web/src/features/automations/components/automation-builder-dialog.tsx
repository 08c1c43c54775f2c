// 'Criar automação' (issue 25 'Steps'): the trigger and a short list of steps a manager reads top to
// bottom ("1. Enviar mensagem…", "2. Esperar 3 dias…"), added, edited, moved and removed without code:
// the steps are the rows of one table (steps-table.tsx), the step being edited shows its fields below.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import {
  AUTOMATION_API_MESSAGES,
  AUTOMATION_LIMITS,
  automationInputSchema,
  type AutomationInput,
  type RuleView,
  type Step,
  type StepKind,
  type Trigger,
  type TRIGGER_STATUS_KINDS,
  type TypebotSettings,
} from '@funil/domain/automations/automations';
import { statusOptions } from '@funil/domain/automations/step-text';
import { LEAD_CHANNEL_LABELS, LEAD_CHANNELS } from '@funil/domain/leads/origin';
import type { UnitData } from '@funil/domain/unit/unit-data';

import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useSaveAutomation } from '../api/automations.ts';
import { useTypebotSettings } from '../api/typebot-settings.ts';
import { FIELD_WIDTH, FieldRow, fieldWidth } from './field-row.tsx';
import { StatusSelect } from './step-fields.tsx';
import { StepsTable } from './steps-table.tsx';
import { STEP_KINDS } from './trigger-labels.ts';
import { NoAnswerTriggerFields } from './typebot-steps.tsx';

const TRIGGER_KINDS: { value: string; label: string }[] = [
  { value: 'status-entrou:STATUS_NEGOCIACAO', label: 'Lead entrou em um status do funil' },
  { value: 'status-saiu:STATUS_NEGOCIACAO', label: 'Lead saiu de um status do funil' },
  { value: 'status-entrou:STATUS_VENDA', label: 'Lead entrou em um status do ERP' },
  { value: 'status-entrou:STATUS_CONTATO', label: 'Lead entrou em um status do contato' },
  { value: 'status-saiu:STATUS_CONTATO', label: 'Lead saiu de um status do contato' },
  { value: 'captado', label: 'Lead captado' },
  { value: 'mensagem-recebida', label: 'Mensagem recebida no WhatsApp' },
  { value: 'chamada-encerrada', label: 'Chamada encerrada' },
  { value: 'sem-movimento', label: 'Lead parado em um status do funil' },
  { value: 'sem-resposta', label: 'Lead sem resposta após a última mensagem enviada' },
];

function newStep(kind: StepKind, unit: UnitData, typebot?: TypebotSettings): Step {
  switch (kind) {
    case 'mensagem':
      return { tipo: 'mensagem', texto: 'Olá [nome_cliente], ' };
    case 'esperar':
      return { tipo: 'esperar', quantidade: 1, unidade: 'dias', horarioComercial: true };
    case 'condicao':
      return { tipo: 'condicao', campo: 'status', valor: unit.statusNegociacao[0]?.idFunil ?? 1, negar: false };
    case 'status':
      return { tipo: 'status', familia: 'negociacao', idStatus: unit.statusNegociacao[0]?.idFunil ?? 1 };
    case 'atribuir':
      return { tipo: 'atribuir', idUsuario: null };
    case 'tag':
      return { tipo: 'tag', acao: 'adicionar', nome: unit.tags[0]?.nome ?? '' };
    case 'anotacao':
      return { tipo: 'anotacao', texto: '' };
    case 'webhook':
      return { tipo: 'webhook', url: 'https://' };
    case 'typebot':
      return { tipo: 'typebot', fluxo: typebot?.fluxos[0]?.idPublico ?? '' };
    case 'aguardar-resposta':
      return { tipo: 'aguardar-resposta', quantidade: 1, unidade: 'dias', seNaoResponder: 'parar' };
    case 'agendar-ligacao':
      return { tipo: 'agendar-ligacao', quantidade: 1, unidade: 'dias' };
    case 'agendar-mensagem':
      return { tipo: 'agendar-mensagem', texto: 'Olá [nome_cliente], ', quantidade: 1, unidade: 'dias' };
    case 'mensagem-rapida':
      return { tipo: 'mensagem-rapida', idModelo: 0 };
    case 'midia':
      return { tipo: 'midia', midia: 'imagem', url: 'https://', legenda: '' };
  }
}

const triggerKey = (t: Trigger) =>
  t.tipo === 'status-entrou' || t.tipo === 'status-saiu' ? `${t.tipo}:${t.tipoStatus}` : t.tipo;
const firstStatus = (unit: UnitData) => unit.statusNegociacao[0]?.idFunil ?? 1;

function triggerOfKey(key: string, unit: UnitData): Trigger {
  if (key.startsWith('status-')) {
    const [tipo, tipoStatus] = key.split(':') as ['status-entrou' | 'status-saiu', (typeof TRIGGER_STATUS_KINDS)[number]];
    return { tipo, tipoStatus, idStatus: statusOptions(unit, tipoStatus)[0]?.id ?? 1 };
  }
  if (key === 'captado') return { tipo: 'captado', canal: null };
  if (key === 'mensagem-recebida') return { tipo: 'mensagem-recebida', palavraChave: null };
  if (key === 'sem-resposta') return { tipo: 'sem-resposta', horas: 24 };
  if (key === 'sem-movimento')
    return { tipo: 'sem-movimento', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: firstStatus(unit), dias: 3 };
  return { tipo: 'chamada-encerrada', atendida: null };
}

const EMPTY: AutomationInput = {
  nome: '',
  gatilho: { tipo: 'status-entrou', tipoStatus: 'STATUS_NEGOCIACAO', idStatus: 4 },
  opcoes: { limiteDiario: 1 },
  passos: [],
  habilitado: true,
};

export function AutomationBuilderDialog({ rule, onClose }: { rule: RuleView | null; onClose: () => void }) {
  const unit = useLoadedUnitData();
  const save = useSaveAutomation();
  const typebot = useTypebotSettings().data;
  const { enqueueSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [form, setForm] = useState<AutomationInput>(() =>
    rule
      ? { nome: rule.nome, gatilho: rule.gatilho, opcoes: rule.opcoes, passos: rule.passos, habilitado: rule.habilitado }
      : EMPTY,
  );
  // The step whose fields show under the table: the one just added, or the one the manager edits.
  const [editing, setEditing] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const setStep = (i: number, step: Step) => setForm((f) => ({ ...f, passos: f.passos.map((s, j) => (j === i ? step : s)) }));
  const move = (i: number, by: -1 | 1) => {
    setForm((f) => {
      const passos = [...f.passos];
      const [s] = passos.splice(i, 1);
      passos.splice(i + by, 0, s!);
      return { ...f, passos };
    });
    // The fields shown follow their step.
    setEditing((e) => (e === i ? i + by : e === i + by ? i : e));
  };
  const remove = (i: number) => {
    setForm((f) => ({ ...f, passos: f.passos.filter((_, j) => j !== i) }));
    setEditing((e) => (e === null || e === i ? null : e > i ? e - 1 : e));
  };
  const add = (kind: StepKind) => {
    setEditing(form.passos.length);
    setForm((f) => ({ ...f, passos: [...f.passos, newStep(kind, unit, typebot)] }));
  };

  const submit = async () => {
    const parsed = automationInputSchema.safeParse(form);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Revise os campos.');
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync({ ...(rule ? { id: rule.id } : {}), body: parsed.data });
      enqueueSnackbar(rule ? AUTOMATION_API_MESSAGES.updated : AUTOMATION_API_MESSAGES.created, { variant: 'success' });
      onClose();
    } catch (cause) {
      setProblem(cause instanceof ApiError ? cause.message : 'Erro ao salvar a automação.');
    }
  };

  const g = form.gatilho;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{rule ? 'Editar automação' : 'Criar automação'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <TextField
            label="Nome"
            value={form.nome}
            required
            onChange={(e) => setForm({ ...form, nome: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <Typography variant="subtitle1" component="h3">
            Quando
          </Typography>
          <FieldRow>
            <TextField
              select
              label="Gatilho"
              value={triggerKey(g)}
              onChange={(e) => setForm({ ...form, gatilho: triggerOfKey(e.target.value, unit) })}
              sx={fieldWidth(FIELD_WIDTH.long)}
            >
              {TRIGGER_KINDS.map((k) => (
                <MenuItem key={k.value} value={k.value}>
                  {k.label}
                </MenuItem>
              ))}
            </TextField>
            <TriggerDetail trigger={g} unit={unit} onChange={(gatilho) => setForm({ ...form, gatilho })} />
            <TextField
              type="number"
              label="Máximo por lead por dia"
              value={form.opcoes.limiteDiario}
              onChange={(e) => setForm({ ...form, opcoes: { limiteDiario: Number(e.target.value) } })}
              slotProps={{ htmlInput: { min: 1, max: 50 } }}
              sx={fieldWidth(FIELD_WIDTH.choice - 30)}
            />
          </FieldRow>
          <Typography variant="subtitle1" component="h3">
            Então
          </Typography>
          <StepsTable
            steps={form.passos}
            unit={unit}
            typebot={typebot}
            editing={editing}
            onEdit={setEditing}
            onChange={setStep}
            onMove={move}
            onRemove={remove}
          />
          <TextField
            select
            label="Adicionar passo"
            value=""
            disabled={form.passos.length >= AUTOMATION_LIMITS.steps}
            onChange={(e) => add(e.target.value as StepKind)}
            sx={{ width: '100%', maxWidth: FIELD_WIDTH.long }}
          >
            {STEP_KINDS.map((k) => (
              <MenuItem key={k.kind} value={k.kind}>
                {k.label}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={form.habilitado} onChange={(e) => setForm({ ...form, habilitado: e.target.checked })} />}
            label={form.habilitado ? 'Habilitado' : 'Desabilitado'}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TriggerDetail({ trigger, unit, onChange }: { trigger: Trigger; unit: UnitData; onChange: (t: Trigger) => void }) {
  switch (trigger.tipo) {
    case 'status-entrou':
    case 'status-saiu':
      return (
        <StatusSelect
          label="Status"
          family={
            trigger.tipoStatus === 'STATUS_NEGOCIACAO'
              ? 'negociacao'
              : trigger.tipoStatus === 'STATUS_VENDA'
                ? 'venda'
                : 'contato'
          }
          value={trigger.idStatus}
          unit={unit}
          onChange={(idStatus) => onChange({ ...trigger, idStatus })}
        />
      );
    case 'captado':
      return (
        <TextField
          select
          label="Canal"
          value={trigger.canal ?? ''}
          onChange={(e) =>
            onChange({ ...trigger, canal: e.target.value === '' ? null : (e.target.value as typeof trigger.canal) })
          }
          sx={fieldWidth(FIELD_WIDTH.choice)}
        >
          <MenuItem value="">Qualquer canal</MenuItem>
          {LEAD_CHANNELS.map((c) => (
            <MenuItem key={c} value={c}>
              {LEAD_CHANNEL_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'mensagem-recebida':
      return (
        <TextField
          label="Palavra-chave (opcional)"
          value={trigger.palavraChave ?? ''}
          onChange={(e) => onChange({ ...trigger, palavraChave: e.target.value === '' ? null : e.target.value })}
          sx={fieldWidth(FIELD_WIDTH.choice)}
        />
      );
    case 'sem-movimento':
      return (
        <>
          <StatusSelect
            label="Status"
            family="negociacao"
            value={trigger.idStatus}
            unit={unit}
            onChange={(idStatus) => onChange({ ...trigger, idStatus })}
          />
          <TextField
            type="number"
            label="Dias sem movimento"
            value={trigger.dias}
            onChange={(e) => onChange({ ...trigger, dias: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, max: 90 } }}
            sx={fieldWidth(FIELD_WIDTH.number + 40)}
          />
        </>
      );
    case 'sem-resposta':
      return <NoAnswerTriggerFields trigger={trigger} onChange={onChange} />;
    case 'chamada-encerrada':
      return (
        <TextField
          select
          label="Resultado"
          value={trigger.atendida === null ? '' : String(trigger.atendida)}
          onChange={(e) => onChange({ ...trigger, atendida: e.target.value === '' ? null : e.target.value === 'true' })}
          sx={fieldWidth(FIELD_WIDTH.choice)}
        >
          <MenuItem value="">Qualquer resultado</MenuItem>
          <MenuItem value="true">Atendida</MenuItem>
          <MenuItem value="false">Não atendida</MenuItem>
        </TextField>
      );
  }
}
