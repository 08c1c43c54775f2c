// 'Criar automação' (issue 25 'Steps'): the trigger and a short list of steps a manager reads top to
// bottom ("1. Enviar mensagem…", "2. Esperar 3 dias…"), added, edited, moved and removed without code.
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
import { LEAD_CHANNEL_LABELS, LEAD_CHANNELS } from '@funil/domain/leads/origin';
import type { UnitData } from '@funil/domain/unit/unit-data';

import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { useSaveAutomation } from '../api/automations.ts';
import { useTypebotSettings } from '../api/typebot-settings.ts';
import { ScheduleStepFields } from './schedule-steps.tsx';
import { MediaStepFields, QuickMessageStepFields } from './send-steps.tsx';
import { statusOptions, stepText } from './trigger-labels.ts';
import { NoAnswerTriggerFields, TypebotStepFields, WaitAnswerStepFields } from './typebot-steps.tsx';

const STEP_KINDS: { kind: StepKind; label: string }[] = [
  { kind: 'mensagem', label: 'Enviar mensagem no WhatsApp' },
  { kind: 'esperar', label: 'Esperar' },
  { kind: 'condicao', label: 'Condição' },
  { kind: 'status', label: 'Mudar status' },
  { kind: 'atribuir', label: 'Atribuir atendente' },
  { kind: 'tag', label: 'Adicionar ou remover tag' },
  { kind: 'anotacao', label: 'Adicionar anotação' },
  { kind: 'webhook', label: 'Chamar URL externa' },
  { kind: 'typebot', label: 'Iniciar fluxo do Typebot' },
  { kind: 'aguardar-resposta', label: 'Aguardar resposta do lead' },
  { kind: 'agendar-ligacao', label: 'Agendar ligação' },
  { kind: 'agendar-mensagem', label: 'Agendar mensagem no WhatsApp' },
  { kind: 'mensagem-rapida', label: 'Enviar mensagem rápida' },
  { kind: 'midia', label: 'Enviar mídia (imagem ou documento)' },
];

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
  const [form, setForm] = useState<AutomationInput>(() =>
    rule
      ? { nome: rule.nome, gatilho: rule.gatilho, opcoes: rule.opcoes, passos: rule.passos, habilitado: rule.habilitado }
      : EMPTY,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const setStep = (i: number, step: Step) => setForm((f) => ({ ...f, passos: f.passos.map((s, j) => (j === i ? step : s)) }));
  const move = (i: number, by: -1 | 1) =>
    setForm((f) => {
      const passos = [...f.passos];
      const [s] = passos.splice(i, 1);
      passos.splice(i + by, 0, s!);
      return { ...f, passos };
    });

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
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
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
          <Typography variant="subtitle1">Quando</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              label="Gatilho"
              value={triggerKey(g)}
              onChange={(e) => setForm({ ...form, gatilho: triggerOfKey(e.target.value, unit) })}
              sx={{ minWidth: 260 }}
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
              sx={{ width: 190 }}
            />
          </Stack>
          <Typography variant="subtitle1">Então</Typography>
          {form.passos.length === 0 && (
            <Typography color="text.secondary">Nenhum passo ainda. Adicione o primeiro abaixo.</Typography>
          )}
          <Stack spacing={1} component="ol" sx={{ pl: 0, m: 0, listStyle: 'none' }} aria-label="Passos da automação">
            {form.passos.map((step, i) => (
              <Paper key={i} variant="outlined" component="li" sx={{ p: 1.5 }} data-passo={i + 1}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
                    {i + 1}. {stepText(unit, step)}
                  </Typography>
                  <Tooltip title="Subir">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Subir o passo ${i + 1}`}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Descer">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Descer o passo ${i + 1}`}
                        disabled={i === form.passos.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remover">
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={`Remover o passo ${i + 1}`}
                      onClick={() => setForm({ ...form, passos: form.passos.filter((_, j) => j !== i) })}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
                <StepFields step={step} unit={unit} typebot={typebot} index={i + 1} onChange={(s) => setStep(i, s)} />
              </Paper>
            ))}
          </Stack>
          <TextField
            select
            label="Adicionar passo"
            value=""
            disabled={form.passos.length >= AUTOMATION_LIMITS.steps}
            onChange={(e) => setForm({ ...form, passos: [...form.passos, newStep(e.target.value as StepKind, unit, typebot)] })}
            sx={{ maxWidth: 320 }}
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

function StatusSelect(props: {
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
      sx={{ minWidth: 200 }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.nome}
        </MenuItem>
      ))}
    </TextField>
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
          sx={{ minWidth: 200 }}
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
        />
      );
    case 'sem-movimento':
      return (
        <Stack direction="row" spacing={1}>
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
            sx={{ width: 160 }}
          />
        </Stack>
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
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Qualquer resultado</MenuItem>
          <MenuItem value="true">Atendida</MenuItem>
          <MenuItem value="false">Não atendida</MenuItem>
        </TextField>
      );
  }
}

function StepFields({
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
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            type="number"
            label="Quanto"
            value={step.quantidade}
            onChange={(e) => onChange({ ...step, quantidade: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, 'aria-label': `Quanto esperar no passo ${index}` } }}
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
          <FormControlLabel
            control={
              <Switch
                checked={step.horarioComercial}
                onChange={(e) => onChange({ ...step, horarioComercial: e.target.checked })}
              />
            }
            label="Só em horário comercial (seg. a sáb., 8h às 18h)"
          />
        </Stack>
      );
    case 'status':
      return (
        <Stack direction="row" spacing={1}>
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
        </Stack>
      );
    case 'atribuir':
      return (
        <TextField
          select
          label="Atendente"
          value={step.idUsuario ?? ''}
          onChange={(e) => onChange({ ...step, idUsuario: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ minWidth: 240 }}
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
        <Stack direction="row" spacing={1}>
          <TextField
            select
            label="Ação"
            value={step.acao}
            onChange={(e) => onChange({ ...step, acao: e.target.value as typeof step.acao })}
          >
            <MenuItem value="adicionar">Adicionar</MenuItem>
            <MenuItem value="remover">Remover</MenuItem>
          </TextField>
          <TextField label="Tag" value={step.nome} onChange={(e) => onChange({ ...step, nome: e.target.value })} />
        </Stack>
      );
    case 'condicao':
      return (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <TextField
            select
            label="Continuar só se"
            value={step.campo}
            onChange={(e) => onChange({ ...step, campo: e.target.value as typeof step.campo })}
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
          >
            <MenuItem value="sim">for</MenuItem>
            <MenuItem value="nao">não for</MenuItem>
          </TextField>
          <ConditionValue step={step} unit={unit} onChange={onChange} />
        </Stack>
      );
    case 'webhook':
      return (
        <Box>
          <TextField
            label="URL (https)"
            value={step.url}
            fullWidth
            helperText="Recebe os dados do lead em JSON, assinados (X-Funil-Assinatura)."
            onChange={(e) => onChange({ ...step, url: e.target.value })}
          />
        </Box>
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

function ConditionValue({
  step,
  unit,
  onChange,
}: {
  step: Extract<Step, { tipo: 'condicao' }>;
  unit: UnitData;
  onChange: (s: Step) => void;
}) {
  const options: { id: number | string; nome: string }[] =
    step.campo === 'status'
      ? unit.statusNegociacao.map((s) => ({ id: s.idFunil, nome: s.nome }))
      : step.campo === 'status-venda'
        ? unit.statusNegociacaoVenda.map((s) => ({ id: s.idFunilVenda, nome: s.nome }))
        : step.campo === 'tag'
          ? unit.tags.map((t) => ({ id: t.id, nome: t.nome }))
          : step.campo === 'atendente'
            ? unit.usuarios.map((u) => ({ id: u.id, nome: u.nome }))
            : step.campo === 'plataforma'
              ? unit.plataformas.map((p) => ({ id: p.id, nome: p.nome }))
              : [];
  if (options.length === 0)
    return <TextField label="Valor" value={String(step.valor)} onChange={(e) => onChange({ ...step, valor: e.target.value })} />;
  return (
    <TextField
      select
      label="Valor"
      value={step.valor}
      onChange={(e) => onChange({ ...step, valor: Number(e.target.value) })}
      sx={{ minWidth: 200 }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}
