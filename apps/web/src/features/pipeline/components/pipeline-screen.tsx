// /pipeline (002 §2.4; 000 §6: admin, user or super-admin with the company's pipeline flag): the
// header (Filtrar, Modo, the status-family toggle, Colunas, Total de Leads, the attendant filters),
// the kanban or the table, and the lead's dialog. The view state lives in pipeline-store.ts, so it
// survives navigation; the lead panel is the CRM's, handed in by the app (features stay apart).
import Close from '@mui/icons-material/Close';
import FilterList from '@mui/icons-material/FilterList';
import TableRows from '@mui/icons-material/TableRows';
import ViewColumn from '@mui/icons-material/ViewColumn';
import ViewKanban from '@mui/icons-material/ViewKanban';
import {
  Alert,
  Avatar,
  AvatarGroup,
  Badge,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';

import type { PipelineFilter } from '@funil/domain/leads/filter-segments';
import { canDragInFamily, canUseColumnMenu, isBoardStatusName, type PipelineFamily } from '@funil/domain/pipeline/pipeline';
import { leadUpdateEvent, pipelineMoveEvent } from '@funil/domain/realtime/events';
import { parseConfiguracoesExtra } from '@funil/domain/unit/unit-data';

import { avatarColor, initialsOf } from '../../../components/ui/lead-avatar.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSocketConnect, useSocketEvent } from '../../../lib/socket.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { isOwnMove, loadBoard, refreshColumns } from '../board-actions.ts';
import { applyFilter, boardKeyOf, familyOf, updatePipelineView, usePipelineView, type ColumnState } from '../pipeline-store.ts';
import { CsvExportDialog } from './csv-export-dialog.tsx';
import { BoardSkeleton, PipelineBoard } from './pipeline-board.tsx';
import { PipelineFilterDialog } from './pipeline-filter-dialog.tsx';
import { PipelineTable } from './pipeline-table.tsx';

export type LeadPanelProps = { leadId: number; onLeave: () => void };
/** What the app does with 'Iniciar envio em massa' of a column: the column, its family and the board's filter. */
export type StartMassSend = (column: ColumnState, family: PipelineFamily, filter: PipelineFilter) => void;
type PipelineScreenProps = { LeadPanel: ComponentType<LeadPanelProps>; onStartMassSend?: StartMassSend };

const countFormat = new Intl.NumberFormat('pt-BR');
// '1px', not 1: MUI reads a width of 1 as 100%, and this heading made the page 288 px wider than
// the window (issue 21 item 9).
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function PipelineScreen({ LeadPanel, onStartMassSend }: PipelineScreenProps) {
  const unit = useLoadedUnitData();
  const user = useCurrentUser();
  const view = usePipelineView((v) => v);
  const family: PipelineFamily = familyOf(view);
  const filter = view.filtro;
  const extras = parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra);
  const canDrag = canDragInFamily(family, extras.edicao_status_cliente === true);
  const canMenu = canUseColumnMenu(user.permissao);
  const showAttendant = unit.atendimentoHabilitado;
  const [filterOpen, setFilterOpen] = useState(false);
  const [modeAnchor, setModeAnchor] = useState<HTMLElement | null>(null);
  const [columnsAnchor, setColumnsAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState<ColumnState | null>(null);
  const [loadError, setLoadError] = useState<{ key: string; message: string } | null>(null);
  const key = boardKeyOf(family, filter);
  const board = view.dadosKanban?.key === key ? view.dadosKanban : null;

  const reload = useCallback(
    (signal?: AbortSignal) =>
      loadBoard(family, filter, signal).catch((error: unknown) => {
        if (signal?.aborted) return;
        setLoadError({
          key: boardKeyOf(family, filter),
          message: error instanceof ApiError ? error.message : 'Não foi possível carregar o pipeline.',
        });
      }),
    [family, filter, setLoadError],
  );
  useEffect(() => {
    if (view.modoTabelaAtivo) return;
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload, view.modoTabelaAtivo]);

  useEffect(() => {
    if (board) performance.mark('pipeline-board-painted');
  }, [board]);

  // Issue 11: another user's move appears live; this browser's own echo is already on screen.
  useSocketEvent(pipelineMoveEvent(unit.dados_unidade.idEmpresa), (event) => {
    // The open lead moved on another board (issue 22 §2: a drag is announced on this event alone).
    if (event.cli_crm_id === view.clienteAberto) updatePipelineView({ clienteEditado: true });
    if (
      isOwnMove(event.cli_crm_id) ||
      event.familia !== family ||
      event.idUnidade !== unit.dados_unidade.id ||
      view.modoTabelaAtivo
    )
      return;
    void refreshColumns(family, filter, [...new Set([event.de, event.para])]);
  });
  useSocketConnect(() => {
    if (!view.modoTabelaAtivo) void reload();
  });
  // A change made in the lead's dialog: the board is read again when it closes (002 §4 clienteEditado).
  useSocketEvent(leadUpdateEvent(view.clienteAberto ?? 0), () => updatePipelineView({ clienteEditado: true }));

  const closeLead = () => {
    const edited = view.clienteEditado;
    updatePipelineView({ clienteAberto: null, clienteEditado: false });
    if (edited && !view.modoTabelaAtivo) void reload();
  };
  const openLead = useCallback((id: number) => updatePipelineView({ clienteAberto: id, clienteEditado: false }), []);

  const statuses =
    family === 'negociacao'
      ? unit.statusNegociacao.map((s) => ({ coluna: s.idFunil, nome: s.nome, cor: s.cor }))
      : unit.statusNegociacaoVenda.map((s) => ({ coluna: s.idFunilVenda, nome: s.nome, cor: s.cor }));
  const choosable = statuses.filter((s) => isBoardStatusName(s.nome));
  const hidden = useMemo(() => new Set(view.colunasOcultas), [view.colunasOcultas]);
  const visibleColumns = useMemo(
    () => (board?.columns ?? []).filter((c) => !hidden.has(`${family}:${c.coluna}`)),
    [board, hidden, family],
  );
  const totalLeads = (board?.columns ?? []).reduce((sum, c) => sum + c.total, 0);
  const seesAllAttendants = unit.dados_usuario.acesso_atribuidos === 1;

  const toggleAttendant = (id: number) => {
    const ids = filter.ids_atendentes.includes(id)
      ? filter.ids_atendentes.filter((x) => x !== id)
      : [...filter.ids_atendentes, id];
    applyFilter({ ...filter, ids_atendentes: ids });
  };

  return (
    <Stack sx={{ height: 'calc(100vh - 112px)', minHeight: 420, gap: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        {/* The top bar shows the title; the heading stays for screen readers. */}
        <Typography component="h1" sx={visuallyHidden}>
          Pipeline
        </Typography>
        <Badge color="primary" variant="dot" invisible={!view.filtroEstaAplicado}>
          <Button variant="outlined" startIcon={<FilterList />} onClick={() => setFilterOpen(true)}>
            Filtrar
          </Button>
        </Badge>
        <Button
          variant="outlined"
          startIcon={view.modoTabelaAtivo ? <TableRows /> : <ViewKanban />}
          onClick={(e) => setModeAnchor(e.currentTarget)}
          aria-haspopup="menu"
        >
          Modo
        </Button>
        <Menu anchorEl={modeAnchor} open={modeAnchor !== null} onClose={() => setModeAnchor(null)}>
          {[
            { table: false, label: 'Visualizar em kanban', icon: <ViewKanban fontSize="small" /> },
            { table: true, label: 'Visualizar em lista', icon: <TableRows fontSize="small" /> },
          ].map((m) => (
            <MenuItem
              key={m.label}
              selected={view.modoTabelaAtivo === m.table}
              onClick={() => {
                setModeAnchor(null);
                // 002 §4: switching the mode resets the board.
                if (view.modoTabelaAtivo !== m.table)
                  updatePipelineView({ modoTabelaAtivo: m.table, dadosKanban: null, pagina: 1 });
              }}
            >
              <ListItemIcon>{m.icon}</ListItemIcon>
              <ListItemText>{m.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={family}
          onChange={(_, value: PipelineFamily | null) => {
            // 002 §4: switching the status family resets the board.
            if (value && value !== family)
              updatePipelineView({ statusNegociacaoVendaAtivo: value === 'venda', dadosKanban: null, pagina: 1 });
          }}
          aria-label="Família de status"
        >
          <ToggleButton value="venda">Status do cliente</ToggleButton>
          <ToggleButton value="negociacao">Status da negociação</ToggleButton>
        </ToggleButtonGroup>
        {!view.modoTabelaAtivo ? (
          <>
            <Button
              variant="outlined"
              startIcon={<ViewColumn />}
              onClick={(e) => setColumnsAnchor(e.currentTarget)}
              aria-haspopup="menu"
            >
              Colunas
            </Button>
            <Menu anchorEl={columnsAnchor} open={columnsAnchor !== null} onClose={() => setColumnsAnchor(null)}>
              {choosable.map((s) => {
                const id = `${family}:${s.coluna}`;
                return (
                  <MenuItem
                    key={id}
                    onClick={() =>
                      updatePipelineView((v) => ({
                        colunasOcultas: v.colunasOcultas.includes(id)
                          ? v.colunasOcultas.filter((x) => x !== id)
                          : [...v.colunasOcultas, id],
                      }))
                    }
                  >
                    <ListItemIcon>
                      <Checkbox
                        edge="start"
                        size="small"
                        checked={!hidden.has(id)}
                        tabIndex={-1}
                        disableRipple
                        slotProps={{ input: { 'aria-label': s.nome } }}
                      />
                    </ListItemIcon>
                    <ListItemText>{s.nome}</ListItemText>
                  </MenuItem>
                );
              })}
            </Menu>
            <Chip
              label={`Total de Leads: ${countFormat.format(totalLeads)}`}
              data-testid="total-leads"
              sx={{ fontWeight: 600 }}
            />
          </>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {seesAllAttendants ? (
          <AvatarGroup
            max={12}
            aria-label="Filtrar por atendente"
            sx={{ '& .MuiAvatar-root': { width: 32, height: 32, fontSize: '0.8rem' } }}
          >
            {unit.usuarios.map((u) => {
              const on = filter.ids_atendentes.includes(u.id);
              return (
                <Tooltip key={u.id} title={u.nome}>
                  <Avatar
                    component="button"
                    aria-pressed={on}
                    aria-label={`Atendente ${u.nome}`}
                    onClick={() => toggleAttendant(u.id)}
                    sx={{
                      cursor: 'pointer',
                      bgcolor: u.cor || avatarColor(u.nome),
                      outline: on ? '3px solid' : 'none',
                      outlineColor: 'primary.main',
                      opacity: filter.ids_atendentes.length > 0 && !on ? 0.45 : 1,
                      border: 0,
                    }}
                  >
                    {initialsOf(u.nome)}
                  </Avatar>
                </Tooltip>
              );
            })}
          </AvatarGroup>
        ) : (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filter.meus_atendimentos ? 'meus' : filter.nao_atribuidos ? 'nao' : null}
            onChange={(_, value: 'meus' | 'nao' | null) =>
              applyFilter({ ...filter, meus_atendimentos: value === 'meus', nao_atribuidos: value === 'nao' })
            }
            aria-label="Filtrar por atendimento"
          >
            <ToggleButton value="meus">Meus atendimentos</ToggleButton>
            <ToggleButton value="nao">Não Atribuídos</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      {family === 'venda' && !canDrag && !view.modoTabelaAtivo ? (
        <Alert severity="info" sx={{ py: 0 }}>
          Visualização do status do cliente: mover cards exige a permissão de edição do status do cliente.
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        {view.modoTabelaAtivo ? (
          <PipelineTable
            filter={filter}
            page={view.pagina}
            showAttendant={showAttendant}
            onPage={(pagina) => updatePipelineView({ pagina })}
            onOpen={openLead}
          />
        ) : loadError?.key === key && !board ? (
          <Alert
            severity="error"
            action={
              <Button
                onClick={() => {
                  setLoadError(null);
                  void reload();
                }}
              >
                Tentar novamente
              </Button>
            }
          >
            {loadError.message}
          </Alert>
        ) : board ? (
          <PipelineBoard
            family={family}
            filter={filter}
            columns={visibleColumns}
            canDrag={canDrag}
            canMenu={canMenu}
            showAttendant={showAttendant}
            onOpen={openLead}
            onExport={setExporting}
            onStartMassSend={onStartMassSend ? (column) => onStartMassSend(column, family, filter) : undefined}
          />
        ) : (
          <BoardSkeleton />
        )}
      </Box>
      <PipelineFilterDialog open={filterOpen} applied={filter} onApply={applyFilter} onClose={() => setFilterOpen(false)} />
      <CsvExportDialog column={exporting} family={family} filter={filter} onClose={() => setExporting(null)} />
      <Dialog
        open={view.clienteAberto !== null}
        onClose={closeLead}
        maxWidth="lg"
        fullWidth
        slotProps={{ paper: { sx: { height: '90vh', display: 'flex', flexDirection: 'column' }, 'aria-label': 'Lead' } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle2" color="text.secondary" sx={{ flex: 1 }}>
            Dados do lead
          </Typography>
          <IconButton aria-label="Fechar" onClick={closeLead} size="small">
            <Close fontSize="small" />
          </IconButton>
        </Stack>
        <Box sx={{ flex: 1, minHeight: 0 }}>
          {view.clienteAberto !== null ? <LeadPanel leadId={view.clienteAberto} onLeave={closeLead} /> : null}
        </Box>
      </Dialog>
    </Stack>
  );
}
