// /anuncios/{idCampanha?}/{idAdSet?}/{idAd?} (002 §2.6, §4 'Ads catalogue', §5, §8; 000 §6 admin and
// super-admin): the four levels CAMPANHAS, ADS_SETS, ADS, ADS_TAGS of the unit's catalogue, each with
// 'Voltar' one level up, 'Cadastrar Manualmente', the row actions ('Acompanhar …', edit, 'Ativar' /
// 'Desativar'), the status and visibility chips, and a table body of at most 480 px; 'Inserir CSV' on
// the campaigns.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import ListAlt from '@mui/icons-material/ListAlt';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import Refresh from '@mui/icons-material/Refresh';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Visibility from '@mui/icons-material/Visibility';
import { Box, Breadcrumbs, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';

import { CATALOGUE_MESSAGES, CATALOGUE_TABLE_HEIGHT, type AdTagRow, type CatalogueLevel } from '@funil/domain/ads/catalogue';
import { formatDateTime } from '@funil/domain/format/date';
import { isIntegerText } from '@funil/domain/http/ids';

import { ActiveChip } from '../../../components/ui/active-chip.tsx';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import {
  useAds,
  useAdSets,
  useAdTags,
  useCampaignsCatalogue,
  useCreateCatalogue,
  useUpdateCatalogue,
  type CatalogueLevelKey,
} from '../api/ads.ts';
import { AdsCsvDialog } from './ads-csv-dialog.tsx';
import { AdTagsDialog, CatalogueCreateDialog, CatalogueEditDialog, type LevelTexts } from './catalogue-dialogs.tsx';
import { MetaSyncButton } from './meta-sync-button.tsx';

/** A row of the three named levels, as the table shows it. */
type LevelRow = {
  id: number;
  extId: string;
  name: string;
  dataCad: string;
  dataAtualizacao: string;
  ativo: 0 | 1;
  oculto: 0 | 1;
};

const param = (value: string | undefined): number | null => (value !== undefined && isIntegerText(value) ? Number(value) : null);

type LevelSpec = {
  title: string;
  key: CatalogueLevelKey;
  texts: LevelTexts;
  createTitle: string;
  editTitle: string;
  created: string;
  createFailed: string;
  updated: string;
  updateFailed: string;
  follow?: string;
};

const M = CATALOGUE_MESSAGES;
const LEVELS: Record<Exclude<CatalogueLevel, 'ADS_TAGS'>, LevelSpec> = {
  CAMPANHAS: {
    title: 'Campanhas',
    key: 'campanhas',
    texts: {
      idLabel: 'ID da campanha',
      nameLabel: 'Nome da campanha',
      idRequired: M.campaignIdRequired,
      idTaken: M.campaignIdTaken,
      nameRequired: M.campaignNameRequired,
    },
    createTitle: 'Cadastrar Campanha',
    editTitle: 'Editar Campanha',
    created: M.campaignCreated,
    createFailed: M.campaignCreateFailed,
    updated: M.campaignUpdated,
    updateFailed: M.campaignUpdateFailed,
    follow: 'Acompanhar Conjunto de Anúncios',
  },
  ADS_SETS: {
    title: 'Conjuntos de Anúncios',
    key: 'ads-sets',
    texts: {
      idLabel: 'ID do Conjunto de Anúncios',
      nameLabel: 'Nome do Conjunto de Anúncios',
      idRequired: M.adSetIdRequired,
      idTaken: M.adSetIdTaken,
      nameRequired: M.adSetNameRequired,
    },
    createTitle: 'Cadastrar Conjunto de Anúncios',
    editTitle: 'Editar Conjunto de Anúncios',
    created: M.adSetCreated,
    createFailed: M.adSetCreateFailed,
    updated: M.adSetUpdated,
    updateFailed: M.adSetUpdateFailed,
    follow: 'Acompanhar Anúncios',
  },
  ADS: {
    title: 'Anúncios',
    key: 'ads',
    texts: {
      idLabel: 'ID do Anúncio',
      nameLabel: 'Nome do Anúncio',
      idRequired: M.adIdRequired,
      idTaken: M.adIdTaken,
      nameRequired: M.adNameRequired,
    },
    createTitle: 'Cadastrar Anúncio',
    editTitle: 'Editar Anúncio',
    created: M.adCreated,
    createFailed: M.adCreateFailed,
    updated: M.adUpdated,
    updateFailed: M.adUpdateFailed,
    follow: 'Acompanhar Tags do Anúncio',
  },
};

/** 002 §2.6: 'Visível' when oculto=1, otherwise 'Oculto'. */
function VisibilityChip({ oculto }: { oculto: number }) {
  return oculto === 1 ? (
    <Chip size="small" label="Visível" color="info" />
  ) : (
    <Chip size="small" label="Oculto" variant="outlined" />
  );
}

/** 002 §2.6: the tag's name in a chip bordered in its colour, or 'Tag desconhecida'. */
function TagChip({ tag }: { tag: AdTagRow['tag'] }) {
  if (!tag) return <Chip size="small" label={M.unknownTag} variant="outlined" sx={{ borderStyle: 'dashed' }} />;
  return <Chip size="small" label={tag.nome} variant="outlined" sx={{ borderColor: tag.cor, borderWidth: 2, fontWeight: 600 }} />;
}

function RowAction({
  label,
  icon,
  onClick,
  color,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: 'error' | 'success';
}) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} color={color ?? 'default'}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

const dateColumns = <R extends { dataCad: string; dataAtualizacao: string }>(): DataColumn<R>[] => [
  { header: 'Data de cadastro', value: (r) => formatDateTime(r.dataCad), nowrap: true },
  { header: 'Data última alteração', value: (r) => formatDateTime(r.dataAtualizacao), nowrap: true },
];

export function AdsCatalogueScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const unit = useLoadedUnitData();
  const idCampanha = param(params.idCampanha);
  const idAdSet = param(params.idAdSet);
  const idAd = param(params.idAd);
  const level: CatalogueLevel =
    idAd !== null ? 'ADS_TAGS' : idAdSet !== null ? 'ADS' : idCampanha !== null ? 'ADS_SETS' : 'CAMPANHAS';

  const campaigns = useCampaignsCatalogue();
  const adSets = useAdSets(idCampanha);
  const ads = useAds(idAdSet);
  const adTags = useAdTags(idAd);
  const create = useCreateCatalogue();
  const update = useUpdateCatalogue();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<LevelRow | null>(null);
  const [csvOpen, setCsvOpen] = useState(false);

  const campaign = campaigns.data?.find((c) => c.id === idCampanha);
  const adSet = adSets.data?.find((s) => s.id === idAdSet);
  const ad = ads.data?.find((a) => a.id === idAd);

  const rows: LevelRow[] =
    level === 'CAMPANHAS'
      ? (campaigns.data ?? []).map((c) => ({ ...c, extId: c.campaign_id, name: c.campaign_name }))
      : level === 'ADS_SETS'
        ? (adSets.data ?? []).map((s) => ({ ...s, extId: s.adset_id, name: s.adset_name }))
        : level === 'ADS'
          ? (ads.data ?? []).map((a) => ({ ...a, extId: a.ad_id, name: a.ad_name }))
          : [];
  const query = level === 'CAMPANHAS' ? campaigns : level === 'ADS_SETS' ? adSets : level === 'ADS' ? ads : adTags;
  const spec = level === 'ADS_TAGS' ? null : LEVELS[level];

  const back =
    level === 'ADS_SETS'
      ? '/anuncios'
      : level === 'ADS'
        ? `/anuncios/${idCampanha}`
        : level === 'ADS_TAGS'
          ? `/anuncios/${idCampanha}/${idAdSet}`
          : null;
  const followPath = (row: LevelRow) =>
    level === 'CAMPANHAS'
      ? `/anuncios/${row.id}`
      : level === 'ADS_SETS'
        ? `/anuncios/${idCampanha}/${row.id}`
        : `/anuncios/${idCampanha}/${idAdSet}/${row.id}`;

  /** 002 §4: on success the row changes here with its new dataAtualizacao; no reload. */
  async function toggle(key: CatalogueLevelKey, id: number, ativo: 0 | 1) {
    try {
      const saved = await update.mutateAsync({ level: key, id, body: { ativo } });
      queryClient.setQueriesData<{ id: number; ativo: number; dataAtualizacao: string }[]>(
        { queryKey: ['anuncios', key] },
        (list) => list?.map((r) => (r.id === id ? { ...r, ativo, dataAtualizacao: saved.dataAtualizacao } : r)),
      );
      enqueueSnackbar(M.statusUpdated, { variant: 'success' });
    } catch {
      enqueueSnackbar(M.statusUpdateFailed, { variant: 'error' });
    }
  }

  async function createRow(value: { id: string; name: string }): Promise<boolean> {
    if (!spec) return false;
    try {
      const result =
        level === 'CAMPANHAS'
          ? await create.mutateAsync({ level: 'campanhas', body: { campaign_id: value.id, campaign_name: value.name } })
          : level === 'ADS_SETS'
            ? await create.mutateAsync({
                level: 'ads-sets',
                body: { adset_id: value.id, adset_name: value.name, idCampanha: idCampanha! },
              })
            : await create.mutateAsync({ level: 'ads', body: { ad_id: value.id, ad_name: value.name, idAdSet: idAdSet! } });
      void result;
      enqueueSnackbar(spec.created, { variant: 'success' });
      return true;
    } catch (cause) {
      const detail = cause instanceof ApiError && cause.status === 409 ? ` ${cause.message}` : '';
      enqueueSnackbar(`${spec.createFailed}${detail}`, { variant: 'error' });
      return false;
    }
  }

  async function editRow(name: string): Promise<boolean> {
    if (!spec || !editing) return false;
    try {
      await update.mutateAsync({ level: spec.key, id: editing.id, body: { name } });
      await queryClient.invalidateQueries({ queryKey: ['anuncios', spec.key] });
      enqueueSnackbar(spec.updated, { variant: 'success' });
      return true;
    } catch {
      enqueueSnackbar(spec.updateFailed, { variant: 'error' });
      return false;
    }
  }

  async function linkTags(ids: number[]): Promise<boolean> {
    try {
      await create.mutateAsync({ level: 'ads-tags', body: { idAd: idAd!, idsTags: ids } });
      enqueueSnackbar(M.tagsCreated, { variant: 'success' });
      return true;
    } catch {
      enqueueSnackbar(M.tagsCreateFailed, { variant: 'error' });
      return false;
    }
  }

  const levelColumns: DataColumn<LevelRow>[] = [
    { header: 'ID', value: (r) => r.extId, nowrap: true },
    { header: 'Nome', value: (r) => r.name, rowHeader: true, minWidth: 220 },
    ...dateColumns<LevelRow>(),
    { header: 'Status', value: (r) => (r.ativo === 1 ? 'Ativo' : 'Inativo'), render: (r) => <ActiveChip ativo={r.ativo} /> },
    {
      header: 'Visibilidade',
      value: (r) => (r.oculto === 1 ? 'Visível' : 'Oculto'),
      render: (r) => <VisibilityChip oculto={r.oculto} />,
    },
    {
      header: 'Ações',
      value: () => '',
      noCsv: true,
      nowrap: true,
      render: (r) => (
        <Stack direction="row" spacing={0.5}>
          {spec?.follow && <RowAction label={spec.follow} icon={<Visibility />} onClick={() => void navigate(followPath(r))} />}
          <RowAction label={spec?.editTitle ?? 'Editar'} icon={<Edit />} onClick={() => setEditing(r)} />
          {r.ativo === 1 ? (
            <RowAction
              label="Desativar"
              icon={<StopCircleOutlined />}
              color="error"
              onClick={() => void toggle(spec!.key, r.id, 0)}
            />
          ) : (
            <RowAction
              label="Ativar"
              icon={<PlayCircleOutline />}
              color="success"
              onClick={() => void toggle(spec!.key, r.id, 1)}
            />
          )}
        </Stack>
      ),
    },
  ];

  const tagColumns: DataColumn<AdTagRow>[] = [
    { header: 'ID', value: (r) => r.id, nowrap: true },
    { header: 'Tag', value: (r) => r.tag?.nome ?? M.unknownTag, render: (r) => <TagChip tag={r.tag} /> },
    ...dateColumns<AdTagRow>(),
    { header: 'Status', value: (r) => (r.ativo === 1 ? 'Ativo' : 'Inativo'), render: (r) => <ActiveChip ativo={r.ativo} /> },
    {
      header: 'Ações',
      value: () => '',
      noCsv: true,
      render: (r) =>
        r.ativo === 1 ? (
          <RowAction
            label="Desativar"
            icon={<StopCircleOutlined />}
            color="error"
            onClick={() => void toggle('ads-tags', r.id, 0)}
          />
        ) : (
          <RowAction
            label="Ativar"
            icon={<PlayCircleOutline />}
            color="success"
            onClick={() => void toggle('ads-tags', r.id, 1)}
          />
        ),
    },
  ];

  const title = level === 'ADS_TAGS' ? 'Tags do Anúncio' : spec!.title;
  const trail = [
    campaign?.campaign_name,
    level !== 'ADS_SETS' ? adSet?.adset_name : undefined,
    level === 'ADS_TAGS' ? ad?.ad_name : undefined,
  ].filter((name): name is string => Boolean(name) && level !== 'CAMPANHAS');
  const tableSx = { '& .MuiTableContainer-root': { maxHeight: CATALOGUE_TABLE_HEIGHT, overflowY: 'auto' } } as const;
  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;

  return (
    <Box sx={{ maxWidth: 1300, mx: 'auto' }} data-level={level}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {back && (
            <Button startIcon={<ArrowBack />} onClick={() => void navigate(back)}>
              Voltar
            </Button>
          )}
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {trail.length > 0 && (
              <Breadcrumbs aria-label="Caminho no catálogo" sx={{ fontSize: 13 }}>
                {trail.map((name) => (
                  <Typography key={name} variant="body2" color="text.secondary">
                    {name}
                  </Typography>
                ))}
              </Breadcrumbs>
            )}
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {level === 'CAMPANHAS' && (
            <>
              <Tooltip title="Atualizar lista de campanhas">
                <IconButton aria-label="Atualizar lista de campanhas" onClick={() => void campaigns.refetch()}>
                  <Refresh />
                </IconButton>
              </Tooltip>
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setCsvOpen(true)}>
                Inserir CSV
              </Button>
              <MetaSyncButton />
            </>
          )}
          {level !== 'CAMPANHAS' && (
            <Tooltip title="Atualizar">
              <IconButton aria-label="Atualizar" onClick={() => void query.refetch()}>
                <Refresh />
              </IconButton>
            </Tooltip>
          )}
          <Button variant="contained" startIcon={<ListAlt />} onClick={() => setCreating(true)} disabled={notFound}>
            Cadastrar Manualmente
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 1 }}>
        {level === 'ADS_TAGS' ? (
          <DataTable
            label={title}
            columns={tagColumns}
            rows={adTags.data ?? []}
            rowKey={(r) => r.id}
            loading={adTags.isPending}
            stickyHeader
            sx={tableSx}
            emptyText={notFound ? M.adNotFound : M.empty}
          />
        ) : (
          <DataTable
            label={title}
            columns={levelColumns}
            rows={rows}
            rowKey={(r) => r.id}
            loading={query.isPending}
            stickyHeader
            sx={tableSx}
            emptyText={notFound ? (level === 'ADS_SETS' ? M.campaignNotFound : M.adSetNotFound) : M.empty}
          />
        )}
      </Paper>

      {spec && (
        <CatalogueCreateDialog
          open={creating}
          title={spec.createTitle}
          texts={spec.texts}
          takenIds={rows.map((r) => r.extId)}
          onClose={() => setCreating(false)}
          onSubmit={createRow}
        />
      )}
      {spec && (
        <CatalogueEditDialog
          open={editing !== null}
          title={spec.editTitle}
          idLabel={spec.texts.idLabel}
          nameLabel={spec.texts.nameLabel}
          current={editing ? { id: editing.extId, name: editing.name } : null}
          onClose={() => setEditing(null)}
          onSubmit={editRow}
        />
      )}
      {level === 'ADS_TAGS' && (
        <AdTagsDialog
          open={creating}
          tags={unit.tags}
          linked={(adTags.data ?? []).filter((l) => l.ativo === 1).map((l) => l.idTag)}
          onClose={() => setCreating(false)}
          onSubmit={linkTags}
        />
      )}
      <AdsCsvDialog
        open={csvOpen}
        onClose={() => setCsvOpen(false)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: ['anuncios'] })}
      />
    </Box>
  );
}
