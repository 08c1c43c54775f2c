// /envio-em-massa-cadastro 'Cadastrar Envios' (002 §2.2, §4 "Composer", §5 "Mass send", §8):
// left the filter panel, the dispatch form and 'Enviar'; right the found leads with select-all and
// the message bar. The connection chips, or with the gateway the instances panel and the choice of
// the sending instance. A column of the pipeline opens it with ?status_negociacao= (or status_venda=).
import Send from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { formatDateTime } from '@funil/domain/format/date';
import { ERROR_CODES } from '@funil/domain/http/errors';
import { emptyFilter, MASS_SEND_CLIENTS_LAYOUT, type MassSendClientsFilter } from '@funil/domain/leads/filter-segments';
import {
  MASS_SEND_MESSAGES,
  MASS_SEND_STATUS_LABELS,
  normalizeInterval,
  type MassSendStatus,
} from '@funil/domain/mass-send/mass-send-api';
import { projectedFinish } from '@funil/domain/mass-send/pacing';

import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError, isApiErrorCode } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import {
  useCampaigns,
  useCreateCampaign,
  useMassSendClients,
  useMassSendLive,
  useSendingCapacity,
  useSetCampaignStatus,
} from '../api/mass-send-api.ts';
import {
  canSend,
  composerErrors,
  filledVariants,
  limitsOf,
  notSendableReason,
  selectionLimit,
  sendBlocker,
  settingsOfExtras,
  toggleAll,
  toggleLead,
  type ComposerState,
} from '../composer-rules.ts';
import { useMassSendKit } from '../mass-send-kit.tsx';
import { barOf, progressText, statusNote } from '../monitor-rules.ts';
import { LeadList } from './lead-list.tsx';
import { MessageBar } from './message-bar.tsx';

const ERROR_MS = 6000;
// The window below the top bar and the title row.
const PANES_HEIGHT = 'max(560px, calc(100dvh - 150px))';

/** True when the filter names at least one value (002 §5 "a filter is active"). */
function isFilterActive(filter: MassSendClientsFilter | null): filter is MassSendClientsFilter {
  if (!filter) return false;
  return Object.values(filter).some((value) => (Array.isArray(value) ? value.length > 0 : value !== null && value !== ''));
}

/** The filter a link carries (?status_negociacao=4): the id and text segments of 002 §7, by name. */
function filterFromSearch(params: URLSearchParams): MassSendClientsFilter | null {
  const filter: Record<string, unknown> = { ...emptyFilter(MASS_SEND_CLIENTS_LAYOUT) };
  for (const field of MASS_SEND_CLIENTS_LAYOUT) {
    const raw = params.get(field.key);
    if (raw === null || raw === '') continue;
    if (field.kind === 'id' && /^\d{1,9}$/.test(raw)) filter[field.key] = Number(raw);
    if (field.kind === 'text') filter[field.key] = raw;
    if (field.kind === 'ids' && /^\d{1,9}(,\d{1,9})*$/.test(raw)) filter[field.key] = raw.split(',').map(Number);
  }
  const parsed = filter as MassSendClientsFilter;
  return isFilterActive(parsed) ? parsed : null;
}

export function MassSendComposerScreen() {
  const unit = useLoadedUnitData();
  const kit = useMassSendKit();
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  useMassSendLive();
  const settings = useMemo(
    () => settingsOfExtras(unit.crm_configuracoes.configuracoesExtra),
    [unit.crm_configuracoes.configuracoesExtra],
  );
  const limits = limitsOf(settings);

  const [filter, setFilter] = useState<MassSendClientsFilter | null>(() => filterFromSearch(params));
  const [nomeDisparo, setNomeDisparo] = useState('');
  const [numeroDeClientes, setNumeroDeClientes] = useState(String(limits.maxLeads));
  const [intervaloTempo, setIntervaloTempo] = useState(String(limits.intervalMin));
  const [variants, setVariants] = useState<string[]>(['']);
  const [activeVariant, setActiveVariant] = useState(0);
  const [media, setMedia] = useState<File | null>(null);
  const [mudarStatus, setMudarStatus] = useState(false);
  const [idStatusNovo, setIdStatusNovo] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [touched, setTouched] = useState(false);
  const [instanceChoice, setInstanceChoice] = useState<string | null>(null);
  const [now] = useState(() => new Date());

  const active = isFilterActive(filter);
  const clients = useMassSendClients(active ? filter : null);
  const found = useMemo(() => clients.data ?? [], [clients.data]);
  const foundIds = useMemo(() => found.map((lead) => lead.cli_crm_id), [found]);
  const limit = selectionLimit(numeroDeClientes, limits);
  // A new search keeps only the selected leads it still finds, up to the limit.
  const visibleSelection = new Set<number>();
  for (const id of foundIds) if (selected.has(id) && visibleSelection.size < limit) visibleSelection.add(id);

  const statusName = useMemo(
    () => new Map(unit.crm_contato_negociacao_status.map((s) => [s.idFunil, s.nome])),
    [unit.crm_contato_negociacao_status],
  );
  const rows = useMemo(
    () =>
      found.map((lead) => ({
        cli_crm_id: lead.cli_crm_id,
        cli_nome: lead.cli_nome,
        cli_telefone: lead.cli_telefone,
        statusNome: lead.cli_status_negociacao === null ? null : (statusName.get(lead.cli_status_negociacao) ?? null),
      })),
    [found, statusName],
  );
  const firstLead = found.find((lead) => visibleSelection.has(lead.cli_crm_id)) ?? found[0] ?? null;

  const { instances } = kit.useSendingInstances();
  const gateway = unit.evolutionHabilitado;
  const connected = instances.filter((i) => i.connected);
  const instanceName = gateway ? (instanceChoice ?? connected[0]?.name ?? null) : null;

  const campaigns = useCampaigns();
  // Issue 21 item 10: one unfinished campaign per number. With the gateway the chosen number's;
  // without it (the server picks a free number) any unfinished campaign of the unit is shown.
  const unfinished = (campaigns.data ?? []).filter((c) => c.status === 'EM_ANDAMENTO' || c.status === 'PAUSADO');
  const holding =
    (gateway ? unfinished.find((c) => c.instancia !== null && c.instancia === instanceName) : unfinished[0]) ?? null;
  // The other numbers' unfinished campaigns, named under a free chosen number.
  const busyElsewhere = gateway && !holding ? unfinished.filter((c) => c.instancia !== null && c.instancia !== instanceName) : [];
  const create = useCreateCampaign();
  const setStatus = useSetCampaignStatus();
  const [stopping, setStopping] = useState<{ id: number; name: string } | null>(null);
  const changeStatus = (id: number, status: MassSendStatus, after?: () => void) =>
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () => after?.(),
        onError: (cause) => error(cause instanceof ApiError ? cause.message : 'Não foi possível alterar o disparo.'),
      },
    );

  const state: ComposerState = {
    nomeDisparo,
    numeroDeClientes,
    intervaloTempo,
    mensagens: variants,
    hasMedia: media !== null,
    mudarStatus,
    idStatusNovo,
    selectedCount: visibleSelection.size,
    filterActive: active,
  };
  const errors = composerErrors(state, limits);
  const shown = (key: keyof typeof errors, value: string) => (touched || value !== '' ? errors[key] : undefined);
  const sendable = canSend(state, limits) && (!gateway || instanceName !== null) && !create.isPending;
  // A grey 'Enviar' says why (issue 21 item 10).
  const whyNot = create.isPending
    ? null
    : (notSendableReason(state, limits) ?? (gateway && instanceName === null ? MASS_SEND_MESSAGES.noInstance : null));
  const interval = normalizeInterval(Number(intervaloTempo));
  // Issue 13: the projected finish with the number's own cap and sends today (a new number's until the server answers).
  const capacity = useSendingCapacity();
  const numbers = capacity.data?.instancias ?? [];
  const sender = numbers.find((i) => i.nome === instanceName) ?? numbers.find((i) => i.conectada) ?? null;
  const pacing = capacity.data?.configuracoes ?? settings;
  const finish =
    visibleSelection.size > 0
      ? projectedFinish(
          pacing,
          {
            count: visibleSelection.size,
            intervalSeconds: interval,
            sentToday: sender?.enviadosHoje ?? 0,
            firstUse: sender?.primeiroUso ? new Date(sender.primeiroUso) : null,
          },
          now,
        )
      : null;

  const error = (message: string) => enqueueSnackbar(message, { variant: 'error', autoHideDuration: ERROR_MS });

  const onToggle = (id: number) => {
    const result = toggleLead(visibleSelection, id, foundIds, limit);
    setSelected(result.selected);
    if (result.message) error(result.message);
  };
  const onToggleAll = () => {
    const result = toggleAll(visibleSelection, foundIds, limit);
    setSelected(result.selected);
    if (result.message) enqueueSnackbar(result.message, { variant: 'warning' });
  };

  const send = () => {
    setTouched(true);
    const blocker = sendBlocker(state);
    if (blocker) return error(blocker);
    if (!canSend(state, limits)) return;
    const leads = found
      .filter((lead) => visibleSelection.has(lead.cli_crm_id))
      .map((lead) => ({
        cli_crm_id: lead.cli_crm_id,
        cli_telefone: lead.cli_telefone,
        cli_nome: lead.cli_nome,
        ticketId: lead.ticketId,
      }));
    create.mutate(
      {
        body: {
          nomeDisparo: nomeDisparo.trim(),
          companyId: unit.dados_unidade.idCompany,
          intervaloMensagem: interval,
          leads,
          idStatusNovo: mudarStatus ? idStatusNovo : null,
          mudarStatus,
          tags: [],
          mensagens: filledVariants(variants),
          evolutionInstanceName: instanceName,
        },
        media,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(MASS_SEND_MESSAGES.created, { variant: 'success' });
          // 002 §4 "Composer": after a successful send the message and media are cleared.
          setVariants(['']);
          setActiveVariant(0);
          setMedia(null);
          setSelected(new Set());
          setTouched(false);
        },
        onError: (cause) => {
          // 002 §8: CAMPANHA_EXISTE is a warning; any other failure 'Erro ao cadastrar disparo', with the
          // server's reason when it gave one the user can act on (no connected instance, a status gone).
          if (isApiErrorCode(cause, ERROR_CODES.campaignExists)) {
            enqueueSnackbar(MASS_SEND_MESSAGES.campaignExists, { variant: 'warning', autoHideDuration: ERROR_MS });
            return;
          }
          const reason =
            cause instanceof ApiError &&
            cause.status >= 400 &&
            cause.status < 500 &&
            !isApiErrorCode(cause, ERROR_CODES.campaignRefused)
              ? cause.message
              : null;
          error(reason ? `${MASS_SEND_MESSAGES.createFailed}: ${reason}` : MASS_SEND_MESSAGES.createFailed);
        },
      },
    );
  };

  const listState = !active
    ? 'idle'
    : clients.isPending || (clients.isFetching && clients.isPlaceholderData)
      ? 'loading'
      : 'ready';

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Envio em Massa
        </Typography>
        {/* 002 §2.2: with the gateway the shell's instances panel ('n de m WhatsApps conectados') replaces the chips. */}
        {!gateway && (
          <Box sx={{ ml: 'auto' }}>
            <kit.ConnectionChips />
          </Box>
        )}
      </Stack>
      {/* On wide screens both halves fit the window and scroll inside, so the message bar stays in view. */}
      <Grid container spacing={2} sx={{ height: { md: PANES_HEIGHT } }}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ overflowY: { md: 'auto' }, height: { md: '100%' }, pr: { md: 0.5 } }}>
          <Stack spacing={2}>
            <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label="Filtros">
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                Filtros
              </Typography>
              <kit.FilterPanel
                applied={filter ?? emptyFilter(MASS_SEND_CLIENTS_LAYOUT)}
                onApply={(next) => setFilter(isFilterActive(next) ? next : null)}
              />
            </Paper>
            <Paper
              variant="outlined"
              sx={{ p: 1.5 }}
              component="form"
              aria-label="Dados do disparo"
              noValidate
              onSubmit={(e) => e.preventDefault()}
            >
              <Stack spacing={2}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  Disparo
                </Typography>
                <TextField
                  label="Nome do Disparo"
                  required
                  size="small"
                  value={nomeDisparo}
                  onChange={(e) => setNomeDisparo(e.target.value)}
                  error={Boolean(shown('nomeDisparo', nomeDisparo))}
                  helperText={shown('nomeDisparo', nomeDisparo)}
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                />
                <Stack direction="row" spacing={1.5}>
                  <TextField
                    label="Número de clientes"
                    required
                    size="small"
                    type="number"
                    value={numeroDeClientes}
                    onChange={(e) => setNumeroDeClientes(e.target.value)}
                    error={Boolean(errors.numeroDeClientes)}
                    helperText={errors.numeroDeClientes ?? `Até ${limits.maxLeads}`}
                    slotProps={{ htmlInput: { min: 1, max: limits.maxLeads, step: 1 } }}
                    fullWidth
                  />
                  <TextField
                    label="Intervalo (segundos)"
                    required
                    size="small"
                    type="number"
                    value={intervaloTempo}
                    onChange={(e) => setIntervaloTempo(e.target.value)}
                    error={Boolean(errors.intervaloTempo)}
                    helperText={errors.intervaloTempo ?? `Média; de ${limits.intervalMin} a ${limits.intervalMax}`}
                    slotProps={{ htmlInput: { min: limits.intervalMin, max: limits.intervalMax, step: 1 } }}
                    fullWidth
                  />
                </Stack>
                <FormControlLabel
                  control={<Switch checked={mudarStatus} onChange={(e) => setMudarStatus(e.target.checked)} />}
                  label="Mudar status após envio?"
                />
                {mudarStatus && (
                  <TextField
                    select
                    size="small"
                    label="Novo status"
                    required
                    value={idStatusNovo === null ? '' : String(idStatusNovo)}
                    onChange={(e) => setIdStatusNovo(e.target.value === '' ? null : Number(e.target.value))}
                    error={Boolean(touched && errors.idStatusNovo)}
                    helperText={touched ? errors.idStatusNovo : undefined}
                  >
                    {unit.crm_contato_negociacao_status.map((s) => (
                      <MenuItem key={s.idFunil} value={String(s.idFunil)}>
                        {s.nome}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {gateway && (
                  <TextField
                    select
                    size="small"
                    label="Enviar pela instância"
                    value={instanceName ?? ''}
                    onChange={(e) => setInstanceChoice(e.target.value)}
                    helperText={
                      connected.length === 0
                        ? MASS_SEND_MESSAGES.noInstance
                        : busyElsewhere.length > 0
                          ? `${busyElsewhere
                              .map((c) => `${c.instancia}: “${c.name}” ${MASS_SEND_STATUS_LABELS[c.status].toLowerCase()}`)
                              .join('; ')}. Este número está livre.`
                          : undefined
                    }
                    id="instancia-envio"
                    error={connected.length === 0}
                  >
                    {instances.map((i) => {
                      const held = unfinished.find((c) => c.instancia === i.name);
                      return (
                        <MenuItem key={i.name} value={i.name} disabled={!i.connected}>
                          {i.label}
                          {i.connected ? '' : ' (desconectada)'}
                          {held ? ` — ocupada por “${held.name}” (${MASS_SEND_STATUS_LABELS[held.status]})` : ''}
                        </MenuItem>
                      );
                    })}
                  </TextField>
                )}
                {finish && (
                  <Alert severity="info" data-testid="previsao-termino">
                    Previsão de término: <strong>{formatDateTime(finish)}</strong> ({visibleSelection.size} envios, intervalo
                    médio de {interval} s, das {pacing.horario_inicio} às {pacing.horario_fim}
                    {sender
                      ? `, ${sender.enviadosHoje} de ${sender.limiteHoje} envios de hoje usados em ${sender.nome}`
                      : ', no limite diário de um número novo'}
                    )
                  </Alert>
                )}
                <Button
                  variant="contained"
                  size="large"
                  startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : <Send />}
                  disabled={!sendable}
                  onClick={send}
                >
                  Enviar
                </Button>
                {!sendable && whyNot && (
                  <Typography variant="caption" color="text.secondary" data-testid="motivo-enviar" sx={{ mt: -1 }}>
                    {whyNot}
                  </Typography>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ display: 'flex', flexDirection: 'column', height: { xs: 640, md: '100%' } }}>
          <Paper variant="outlined" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}>
            <LeadList
              leads={rows}
              state={listState}
              selected={visibleSelection}
              limit={limit}
              onToggle={onToggle}
              onToggleAll={onToggleAll}
            />
            <MessageBar
              variants={variants}
              active={activeVariant}
              onActive={setActiveVariant}
              onChange={setVariants}
              media={media}
              onMedia={setMedia}
              onMediaError={error}
              previewName={firstLead?.cli_nome ?? null}
              now={now}
              holder={
                holding && holding.status !== 'FINALIZADO'
                  ? {
                      id: holding.id,
                      name: holding.name,
                      status: holding.status,
                      number: gateway ? holding.instancia : null,
                      progress: progressText(holding),
                      bar: barOf(holding),
                      note: statusNote(holding),
                    }
                  : null
              }
              onStatus={(id, status) => changeStatus(id, status)}
              onStop={(id) => setStopping(holding && holding.id === id ? { id, name: holding.name } : null)}
              busy={setStatus.isPending}
            />
          </Paper>
        </Grid>
      </Grid>
      {/* Issue 21 item 11: 'Parar envio' finalizes, which cannot be undone (002 §4: restart is hidden). */}
      <ConfirmDialog
        open={stopping !== null}
        title="Parar envio"
        confirmLabel="Finalizar"
        destructive
        busy={setStatus.isPending}
        onConfirm={() => stopping && changeStatus(stopping.id, 'FINALIZADO', () => setStopping(null))}
        onClose={() => setStopping(null)}
      >
        Finalizar “{stopping?.name}”? Os leads ainda pendentes não receberão a mensagem, e um disparo finalizado não pode ser
        retomado.
      </ConfirmDialog>
    </Stack>
  );
}
