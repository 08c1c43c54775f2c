// The ads catalogue (002 §2.6, §3 'Ads catalogue', §4 'Ads catalogue', §5 'Campaign registry', 'Ad set and ad
// (catalogue)', 'Ads CSV', §7 'Extras and catalogue', §8): campaigns, ad sets, ads and the ad-tag links of a unit.
import { z } from 'zod';

import { idSchema } from '../http/ids.ts';

/** 002 §2.6 'Tab levels'. */
export const CATALOGUE_LEVELS = ['CAMPANHAS', 'ADS_SETS', 'ADS', 'ADS_TAGS'] as const;
export type CatalogueLevel = (typeof CATALOGUE_LEVELS)[number];

/** Every text of 002 §5 and §8 for the catalogue, as the spec writes it. */
export const CATALOGUE_MESSAGES = {
  campaignIdRequired: 'ID da campanha é obrigatório',
  campaignIdTaken: 'ID da campanha já existe',
  campaignNameRequired: 'Nome da campanha é obrigatório',
  adSetIdRequired: 'ID do Conjunto de Anúncios é obrigatório',
  adSetIdTaken: 'ID do Conjunto de Anúncios já existe',
  adSetNameRequired: 'Nome do Conjunto de Anúncios é obrigatório',
  adIdRequired: 'ID do Anúncio é obrigatório',
  adIdTaken: 'ID do Anúncio já existe',
  adNameRequired: 'Nome do Anúncio é obrigatório',
  blank: 'Campo não pode ser vazio',
  tagsRequired: 'Selecione ao menos uma tag.',
  campaignCreated: 'Campanha cadastrada com sucesso!',
  campaignCreateFailed: 'Erro ao cadastrar campanha.',
  campaignUpdated: 'Campanha editada com sucesso!',
  campaignUpdateFailed: 'Erro ao editar campanha',
  adSetCreated: 'AdSet cadastrada com sucesso!',
  adSetCreateFailed: 'Erro ao cadastrar AdSet',
  adSetUpdated: 'Conjunto de Anúncios editado com sucesso!',
  adSetUpdateFailed: 'Erro ao editar Conjunto de Anúncios',
  adCreated: 'Anúncio cadastrado com sucesso!',
  adCreateFailed: 'Erro ao cadastrar Anúncio.',
  adUpdated: 'Anúncio editado com sucesso!',
  adUpdateFailed: 'Erro ao editar Anúncio',
  tagsCreated: 'Tags do Anúncio cadastradas com sucesso!',
  tagsCreateFailed: 'Erro ao cadastrar Tags do Anúncio.',
  statusUpdated: 'Status atualizado com sucesso!',
  statusUpdateFailed: 'Erro ao atualizar status.',
  empty: 'Nenhum registro encontrado!',
  unknownTag: 'Tag desconhecida',
  // Not in the spec: what the server answers for an id that is not the unit's (404) or a tag of another unit.
  campaignNotFound: 'Campanha não encontrada.',
  adSetNotFound: 'Conjunto de Anúncios não encontrado.',
  adNotFound: 'Anúncio não encontrado.',
  linkNotFound: 'Tag do anúncio não encontrada.',
  tagNotFound: 'Tag não encontrada nesta unidade.',
  nothingToChange: 'Informe o nome ou o status.',
} as const;

/** 002 §9: the catalogue tables' body height. */
export const CATALOGUE_TABLE_HEIGHT = 480;
const ID_MAX = 100;
const NAME_MAX = 200;

const externalId = (required: string) =>
  z
    .union([z.string({ error: required }), z.number({ error: required })], { error: required })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, required).max(ID_MAX, `Use no máximo ${ID_MAX} caracteres.`));
const nameField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(NAME_MAX, `Use no máximo ${NAME_MAX} caracteres.`);

/** 1 Ativo / 0 Inativo (002 §4 'Ads catalogue'). */
const activeField = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: 'Use 0 ou 1.' })
  .transform((v) => (v === 1 || v === '1' || v === true ? (1 as const) : (0 as const)));

/** POST anuncios/campanhas (002 §7). */
export const campaignCreateSchema = z.object({
  campaign_id: externalId(CATALOGUE_MESSAGES.campaignIdRequired),
  campaign_name: nameField(CATALOGUE_MESSAGES.campaignNameRequired),
});
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

/** POST anuncios/ads-sets (002 §7). */
export const adSetCreateSchema = z.object({
  adset_id: externalId(CATALOGUE_MESSAGES.adSetIdRequired),
  adset_name: nameField(CATALOGUE_MESSAGES.adSetNameRequired),
  idCampanha: idSchema(),
});
export type AdSetCreate = z.infer<typeof adSetCreateSchema>;

/** POST anuncios/ads (002 §7). */
export const adCreateSchema = z.object({
  ad_id: externalId(CATALOGUE_MESSAGES.adIdRequired),
  ad_name: nameField(CATALOGUE_MESSAGES.adNameRequired),
  idAdSet: idSchema(),
});
export type AdCreate = z.infer<typeof adCreateSchema>;

/**
 * PUT anuncios/campanhas|ads-sets|ads/{id} (002 §7): the edit dialog sends the name (the id is
 * locked, 002 §5), the row action sends {ativo}. One of the two at least.
 */
export const levelUpdateSchema = z
  .object({
    name: z.string().trim().min(1, CATALOGUE_MESSAGES.blank).max(NAME_MAX, `Use no máximo ${NAME_MAX} caracteres.`).optional(),
    ativo: activeField.optional(),
  })
  .refine((v) => v.name !== undefined || v.ativo !== undefined, CATALOGUE_MESSAGES.nothingToChange);
export type LevelUpdate = z.infer<typeof levelUpdateSchema>;

/** POST anuncios/ads-tags (002 §7): idAd an integer, idsTags at least one (002 §5 'Ad tags'). */
export const adTagsCreateSchema = z.object({
  idAd: idSchema(),
  idsTags: z.array(idSchema(), { error: CATALOGUE_MESSAGES.tagsRequired }).min(1, CATALOGUE_MESSAGES.tagsRequired).max(100),
});
export type AdTagsCreate = z.infer<typeof adTagsCreateSchema>;

/** PUT anuncios/ads-tags/{id} (002 §7): {ativo}. */
export const adTagUpdateSchema = z.object({ ativo: activeField });

const levelRow = {
  id: z.number().int(),
  dataCad: z.string(),
  dataAtualizacao: z.string(),
  ativo: z.union([z.literal(0), z.literal(1)]),
  oculto: z.union([z.literal(0), z.literal(1)]),
};
export const campaignRowSchema = z.object({ ...levelRow, campaign_id: z.string(), campaign_name: z.string() });
export type CampaignRow = z.infer<typeof campaignRowSchema>;
export const adSetRowSchema = z.object({
  ...levelRow,
  adset_id: z.string(),
  adset_name: z.string(),
  idCampanha: z.number().int(),
});
export type AdSetRow = z.infer<typeof adSetRowSchema>;
export const adRowSchema = z.object({ ...levelRow, ad_id: z.string(), ad_name: z.string(), idAdSet: z.number().int() });
export type AdRow = z.infer<typeof adRowSchema>;
/** An ad-tag link (002 §3): the tag is null when it no longer exists ('Tag desconhecida', 002 §2.6). */
export const adTagRowSchema = z.object({
  id: z.number().int(),
  idTag: z.number().int(),
  idAd: z.number().int(),
  dataCad: z.string(),
  dataAtualizacao: z.string(),
  ativo: z.union([z.literal(0), z.literal(1)]),
  tag: z.object({ id: z.number().int(), nome: z.string(), cor: z.string() }).nullable(),
});
export type AdTagRow = z.infer<typeof adTagRowSchema>;

export const campaignListSchema = z.object({ data: z.array(campaignRowSchema) });
export const adSetListSchema = z.object({ data: z.array(adSetRowSchema) });
export const adListSchema = z.object({ data: z.array(adRowSchema) });
export const adTagListSchema = z.object({ data: z.array(adTagRowSchema) });

/** The answer of a catalogue write: the spec's text, the row's id and its new dataAtualizacao (002 §4). */
export const catalogueWriteSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), dataAtualizacao: z.string() }),
});
export type CatalogueWrite = z.infer<typeof catalogueWriteSchema>;
export const adTagsWriteSchema = z.object({ message: z.string(), data: z.object({ ids: z.array(z.number().int()) }) });
