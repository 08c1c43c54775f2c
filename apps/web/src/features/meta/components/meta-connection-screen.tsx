// /integracao-meta (issue 23 §2 §5 §6): the company's Meta connection, for the super-admin and the
// company admin (ag). Not connected: 'Por favor, faça login no Facebook.' and 'Conectar com o
// Facebook' (the login is the server's: the browser goes to the dialog and comes back here with
// ?meta=conectado|erro&mensagem=…), or a system user's token pasted. Connected: who, the kind of
// access, its expiry DD/MM/YYYY with the warning from 7 days before, the default unit, the pages and
// lead forms that feed the company (a unit per form), and 'Sincronizar com o Meta'.
import Facebook from '@mui/icons-material/Facebook';
import LinkOff from '@mui/icons-material/LinkOff';
import Sync from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Divider,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { formatDate, formatDateTime } from '@funil/domain/format/date';
import { META_MESSAGES, type MetaAvailablePages, type MetaPagesChoice, type MetaStatus } from '@funil/domain/meta/meta-api';

import {
  useMetaConnect,
  useMetaDisconnect,
  useMetaPages,
  useMetaSavePages,
  useMetaSaveSettings,
  useMetaStatus,
  useMetaSync,
  useMetaSystemToken,
} from '../api/meta.ts';

const KIND_LABEL: Record<NonNullable<MetaStatus['tokenKind']>, string> = {
  longo: 'Acesso de longa duração (cerca de 60 dias)',
  curto: 'Acesso de curta duração',
  sistema: 'Token de usuário do sistema',
};

/** Goes to the login dialog (a full navigation: Facebook's page, then back to this screen). */
export const navigateTo = { go: (url: string) => window.location.assign(url) };

function syncLine(status: MetaStatus): string | null {
  const last = status.lastSync;
  if (!last) return null;
  if (!last.ok) return `Última sincronização em ${formatDateTime(last.at)}: ${last.error ?? META_MESSAGES.syncFailed}`;
  return (
    `Última sincronização em ${formatDateTime(last.at)}: ${last.campaigns} campanhas, ${last.adSets} conjuntos, ` +
    `${last.ads} anúncios e ${last.costs} custos diários atualizados.`
  );
}

type Choice = Map<string, Map<string, number | null>>;

function choiceOf(pages: MetaAvailablePages['data']): Choice {
  const out: Choice = new Map();
  for (const page of pages)
    if (page.chosen) out.set(page.pageId, new Map(page.forms.filter((f) => f.chosen).map((f) => [f.formId, f.idUnidade])));
  return out;
}

function PagesAndForms({ status }: { status: MetaStatus }) {
  const pages = useMetaPages(status.connected);
  if (pages.isPending) return <LinearProgress aria-label="Carregando páginas" />;
  if (pages.isError) return <Alert severity="error">{pages.error.message}</Alert>;
  if (pages.data.data.length === 0)
    return <Typography color="text.secondary">Nenhuma página do Facebook encontrada nesta conta.</Typography>;
  // A new answer from the server starts the choice over from what it says.
  return <PagesForm key={pages.dataUpdatedAt} pages={pages.data.data} units={status.units} />;
}

// The writes refresh the status and the pages, which may remount the form that sent them: the
// messages hang on mutateAsync's promise, which settles whatever is mounted by then.
function PagesForm({ pages, units }: { pages: MetaAvailablePages['data']; units: MetaStatus['units'] }) {
  const save = useMetaSavePages();
  const { enqueueSnackbar } = useSnackbar();
  const [choice, setChoice] = useState<Choice>(() => choiceOf(pages));

  const togglePage = (pageId: string, on: boolean) =>
    setChoice((prev) => {
      const next = new Map(prev);
      if (on) next.set(pageId, new Map());
      else next.delete(pageId);
      return next;
    });
  const toggleForm = (pageId: string, formId: string, on: boolean) =>
    setChoice((prev) => {
      const next = new Map(prev);
      const forms = new Map(next.get(pageId) ?? []);
      if (on) forms.set(formId, null);
      else forms.delete(formId);
      next.set(pageId, forms);
      return next;
    });
  const setFormUnit = (pageId: string, formId: string, idUnidade: number | null) =>
    setChoice((prev) => {
      const next = new Map(prev);
      next.set(pageId, new Map(next.get(pageId) ?? []).set(formId, idUnidade));
      return next;
    });

  const submit = () => {
    const body: MetaPagesChoice = {
      pages: [...choice].map(([pageId, forms]) => ({
        pageId,
        forms: [...forms].map(([formId, idUnidade]) => ({ formId, idUnidade })),
      })),
    };
    save.mutateAsync(body).then(
      () => enqueueSnackbar(META_MESSAGES.pagesSaved, { variant: 'success' }),
      (error: Error) => enqueueSnackbar(error.message, { variant: 'error' }),
    );
  };

  return (
    <Stack spacing={2}>
      {pages.map((page) => {
        const chosen = choice.get(page.pageId);
        return (
          <Box key={page.pageId}>
            <FormControlLabel
              control={<Checkbox checked={chosen !== undefined} onChange={(e) => togglePage(page.pageId, e.target.checked)} />}
              label={
                <span>
                  <strong>{page.nome}</strong>
                  {page.inscrita ? ' — recebendo leads' : ''}
                </span>
              }
            />
            <Stack spacing={1} sx={{ pl: 4 }}>
              {page.forms.length === 0 && (
                <Typography color="text.secondary">Esta página não tem formulários de cadastro.</Typography>
              )}
              {page.forms.map((form) => {
                const formChosen = chosen?.has(form.formId) ?? false;
                return (
                  <Stack
                    key={form.formId}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ alignItems: { sm: 'center' } }}
                  >
                    <FormControlLabel
                      sx={{ flex: 1 }}
                      control={
                        <Checkbox
                          checked={formChosen}
                          disabled={chosen === undefined}
                          onChange={(e) => toggleForm(page.pageId, form.formId, e.target.checked)}
                        />
                      }
                      label={`${form.nome}${form.status !== 'ACTIVE' ? ' (arquivado)' : ''}`}
                    />
                    <TextField
                      select
                      size="small"
                      label={`Unidade do formulário ${form.nome}`}
                      disabled={!formChosen}
                      value={chosen?.get(form.formId) ?? ''}
                      onChange={(e) =>
                        setFormUnit(page.pageId, form.formId, e.target.value === '' ? null : Number(e.target.value))
                      }
                      sx={{ width: { xs: '100%', sm: 280 } }}
                      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                    >
                      <MenuItem value="">Pelo filtro das unidades</MenuItem>
                      {units.map((u) => (
                        <MenuItem key={u.id} value={u.id}>
                          {u.nome}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Stack>
                );
              })}
            </Stack>
          </Box>
        );
      })}
      <Box>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Salvar páginas e formulários
        </Button>
      </Box>
    </Stack>
  );
}

function DefaultUnit({ status }: { status: MetaStatus }) {
  const save = useMetaSaveSettings();
  const { enqueueSnackbar } = useSnackbar();
  const [unit, setUnit] = useState<number | ''>(status.defaultUnitId ?? '');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label="Unidade padrão"
        helperText="Recebe os leads que não combinam com o filtro de nenhuma unidade."
        value={unit}
        onChange={(e) => setUnit(e.target.value === '' ? '' : Number(e.target.value))}
        sx={{ width: { xs: '100%', sm: 320 } }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">Selecione a unidade</MenuItem>
        {status.units.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.nome}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        disabled={save.isPending}
        onClick={() =>
          save.mutateAsync({ idUnidadePadrao: unit === '' ? null : unit }).then(
            () => enqueueSnackbar(META_MESSAGES.settingsSaved, { variant: 'success' }),
            (error: Error) => enqueueSnackbar(error.message, { variant: 'error' }),
          )
        }
      >
        Salvar unidade padrão
      </Button>
    </Stack>
  );
}

function SystemToken() {
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const save = useMetaSystemToken();
  const { enqueueSnackbar } = useSnackbar();
  if (!open)
    return (
      <Button size="small" onClick={() => setOpen(true)}>
        Usar um token de usuário do sistema
      </Button>
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        size="small"
        label="Token de usuário do sistema"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        type="password"
        autoComplete="off"
        sx={{ width: { xs: '100%', sm: 420 } }}
      />
      <Button
        variant="outlined"
        disabled={save.isPending || token.trim() === ''}
        onClick={() =>
          save.mutateAsync(token.trim()).then(
            () => enqueueSnackbar(META_MESSAGES.systemTokenSaved, { variant: 'success' }),
            (error: Error) => enqueueSnackbar(error.message, { variant: 'error' }),
          )
        }
      >
        Salvar token
      </Button>
    </Stack>
  );
}

export function MetaConnectionScreen() {
  const status = useMetaStatus();
  const connect = useMetaConnect();
  const disconnect = useMetaDisconnect();
  const sync = useMetaSync();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();

  // Back from Facebook: say how the login went once, then clean the address.
  const returned = useMemo(() => ({ meta: params.get('meta'), mensagem: params.get('mensagem') }), [params]);
  useEffect(() => {
    if (!returned.meta) return;
    enqueueSnackbar(
      returned.mensagem ?? (returned.meta === 'conectado' ? META_MESSAGES.connected : META_MESSAGES.connectFailed),
      {
        variant: returned.meta === 'conectado' ? 'success' : 'error',
      },
    );
    setParams({}, { replace: true });
  }, [returned, enqueueSnackbar, setParams]);

  const startLogin = () =>
    connect.mutate(undefined, {
      onSuccess: ({ url }) => navigateTo.go(url),
      onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
    });

  const s = status.data;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        Integração Meta
      </Typography>
      {status.isPending && <CircularProgress aria-label="Carregando" />}
      {status.isError && <Alert severity="error">{status.error.message}</Alert>}
      {s && !s.configured && <Alert severity="info">{META_MESSAGES.notConfigured}</Alert>}
      {s?.configured && (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              {!s.connected ? (
                <Alert severity="warning">{META_MESSAGES.notConnected}</Alert>
              ) : (
                <>
                  <Typography>
                    Conectado{s.metaUserName ? ` como ${s.metaUserName}` : ''}
                    {s.connectedBy ? ` (por ${s.connectedBy})` : ''}.
                  </Typography>
                  <Typography color="text.secondary">{s.tokenKind ? KIND_LABEL[s.tokenKind] : ''}</Typography>
                  <Typography>{s.expiresAt ? `Expira em ${formatDate(s.expiresAt)}` : 'Sem data de expiração'}</Typography>
                  {s.warning && <Alert severity="warning">{s.warning}</Alert>}
                  {s.adAccountIds.length > 0 && (
                    <Typography color="text.secondary">Contas de anúncios: {s.adAccountIds.join(', ')}</Typography>
                  )}
                </>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="contained" startIcon={<Facebook />} onClick={startLogin} disabled={connect.isPending}>
                  Conectar com o Facebook
                </Button>
                {s.connected && (
                  <>
                    <Button
                      variant="outlined"
                      startIcon={sync.isPending ? <CircularProgress size={16} /> : <Sync />}
                      disabled={sync.isPending}
                      onClick={() =>
                        sync.mutateAsync().then(
                          (r) => enqueueSnackbar(r.message, { variant: 'success' }),
                          (error: Error) => enqueueSnackbar(error.message, { variant: 'error' }),
                        )
                      }
                    >
                      Sincronizar com o Meta
                    </Button>
                    <Button
                      color="error"
                      startIcon={<LinkOff />}
                      disabled={disconnect.isPending}
                      onClick={() =>
                        disconnect.mutateAsync().then(
                          () => enqueueSnackbar(META_MESSAGES.disconnected, { variant: 'success' }),
                          (error: Error) => enqueueSnackbar(error.message, { variant: 'error' }),
                        )
                      }
                    >
                      Desconectar
                    </Button>
                  </>
                )}
              </Stack>
              {!s.connected && <SystemToken />}
              {s.connected && syncLine(s) && <Typography color="text.secondary">{syncLine(s)}</Typography>}
            </Stack>
          </Paper>
          {s.connected && (
            <>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  Unidade padrão
                </Typography>
                <DefaultUnit key={s.defaultUnitId ?? 0} status={s} />
              </Paper>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  Páginas e formulários
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  Escolha as páginas e os formulários de cadastro que enviam leads para esta empresa.
                </Typography>
                <Divider sx={{ mb: 1 }} />
                <PagesAndForms status={s} />
              </Paper>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
