// The ads catalogue (002 §7 'Extras and catalogue': anuncios/…; admin and super-admin, 000 §6 /anuncios) and
// the campaign costs (002 §7 'Admin': cadastros/campanha, cadastros/campanha_custo; 000 §6 /campanhas).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { writeResultSchema } from '@funil/domain/admin-api/fields';
import { ADS_CSV_MESSAGES, adsCsvBatchSchema, adsCsvResultSchema } from '@funil/domain/ads/ads-csv';
import {
  adCreateSchema,
  adListSchema,
  adSetCreateSchema,
  adSetListSchema,
  adTagListSchema,
  adTagsCreateSchema,
  adTagsWriteSchema,
  adTagUpdateSchema,
  campaignCreateSchema,
  campaignListSchema,
  CATALOGUE_MESSAGES,
  catalogueWriteSchema,
  levelUpdateSchema,
} from '@funil/domain/ads/catalogue';
import { COST_MESSAGES, costCreateSchema, costListSchema, costUpdateSchema } from '@funil/domain/ads/costs';
import { errorBodySchema } from '@funil/domain/http/errors';
import { idParams } from '@funil/domain/http/ids';

import { sessionOf } from '../auth/auth.plugin.ts';
import { createCost, listCosts, updateCost } from './ads-costs.service.ts';
import {
  createAd,
  createAdSet,
  createCampaign,
  importAdsCsv,
  linkAdTags,
  listAds,
  listAdSets,
  listAdTags,
  listCampaigns,
  updateAd,
  updateAdSet,
  updateAdTag,
  updateCampaign,
} from './ads.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const catalogue = '/anuncios' as const;
const costs = '/campanhas' as const;
/** 1000 rows of the seven columns at their longest fit (002 §9). */
const CSV_BODY_LIMIT = 4_194_304;

const written = (message: string, row: { id: number; dataAtualizacao: string | Date }) => ({
  message,
  data: {
    id: row.id,
    dataAtualizacao: typeof row.dataAtualizacao === 'string' ? row.dataAtualizacao : row.dataAtualizacao.toISOString(),
  },
});
/** The spec's text of a PUT: the status toggle's when only {ativo} was sent (002 §8), else the edit's. */
const updateText = (body: { name?: string | undefined }, edited: string) =>
  body.name === undefined ? CATALOGUE_MESSAGES.statusUpdated : edited;

export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- campaigns ----
  app.get(
    '/anuncios/campanhas',
    { config: { access: catalogue }, schema: { response: { 200: campaignListSchema, ...errors } } },
    async (request) => ({
      data: await listCampaigns(app.db, sessionOf(request)),
    }),
  );
  app.post(
    '/anuncios/campanhas',
    { config: { access: catalogue }, schema: { body: campaignCreateSchema, response: { 201: catalogueWriteSchema, ...errors } } },
    async (request, reply) => {
      const row = await createCampaign(app.db, sessionOf(request), request.body);
      return reply.status(201).send(written(CATALOGUE_MESSAGES.campaignCreated, row));
    },
  );
  app.put(
    '/anuncios/campanhas/:idCampanha',
    {
      config: { access: catalogue },
      schema: { params: idParams('idCampanha'), body: levelUpdateSchema, response: { 200: catalogueWriteSchema, ...errors } },
    },
    async (request) => {
      const row = await updateCampaign(app.db, sessionOf(request), request.params.idCampanha, request.body);
      return written(updateText(request.body, CATALOGUE_MESSAGES.campaignUpdated), row);
    },
  );

  // ---- ad sets ----
  app.get(
    '/anuncios/ads-sets/:idCampanha',
    { config: { access: catalogue }, schema: { params: idParams('idCampanha'), response: { 200: adSetListSchema, ...errors } } },
    async (request) => ({ data: await listAdSets(app.db, sessionOf(request), request.params.idCampanha) }),
  );
  app.post(
    '/anuncios/ads-sets',
    { config: { access: catalogue }, schema: { body: adSetCreateSchema, response: { 201: catalogueWriteSchema, ...errors } } },
    async (request, reply) => {
      const row = await createAdSet(app.db, sessionOf(request), request.body);
      return reply.status(201).send(written(CATALOGUE_MESSAGES.adSetCreated, row));
    },
  );
  app.put(
    '/anuncios/ads-sets/:idAdSet',
    {
      config: { access: catalogue },
      schema: { params: idParams('idAdSet'), body: levelUpdateSchema, response: { 200: catalogueWriteSchema, ...errors } },
    },
    async (request) => {
      const row = await updateAdSet(app.db, sessionOf(request), request.params.idAdSet, request.body);
      return written(updateText(request.body, CATALOGUE_MESSAGES.adSetUpdated), row);
    },
  );

  // ---- ads ----
  app.get(
    '/anuncios/ads/:idAdSet',
    { config: { access: catalogue }, schema: { params: idParams('idAdSet'), response: { 200: adListSchema, ...errors } } },
    async (request) => ({ data: await listAds(app.db, sessionOf(request), request.params.idAdSet) }),
  );
  app.post(
    '/anuncios/ads',
    { config: { access: catalogue }, schema: { body: adCreateSchema, response: { 201: catalogueWriteSchema, ...errors } } },
    async (request, reply) => {
      const row = await createAd(app.db, sessionOf(request), request.body);
      return reply.status(201).send(written(CATALOGUE_MESSAGES.adCreated, row));
    },
  );
  app.put(
    '/anuncios/ads/:idAd',
    {
      config: { access: catalogue },
      schema: { params: idParams('idAd'), body: levelUpdateSchema, response: { 200: catalogueWriteSchema, ...errors } },
    },
    async (request) => {
      const row = await updateAd(app.db, sessionOf(request), request.params.idAd, request.body);
      return written(updateText(request.body, CATALOGUE_MESSAGES.adUpdated), row);
    },
  );

  // ---- ad tags ----
  app.get(
    '/anuncios/ads-tags/:idAd',
    { config: { access: catalogue }, schema: { params: idParams('idAd'), response: { 200: adTagListSchema, ...errors } } },
    async (request) => ({ data: await listAdTags(app.db, sessionOf(request), request.params.idAd) }),
  );
  app.post(
    '/anuncios/ads-tags',
    { config: { access: catalogue }, schema: { body: adTagsCreateSchema, response: { 201: adTagsWriteSchema, ...errors } } },
    async (request, reply) => {
      const ids = await linkAdTags(app.db, sessionOf(request), request.body);
      return reply.status(201).send({ message: CATALOGUE_MESSAGES.tagsCreated, data: { ids } });
    },
  );
  app.put(
    '/anuncios/ads-tags/:idLink',
    {
      config: { access: catalogue },
      schema: { params: idParams('idLink'), body: adTagUpdateSchema, response: { 200: catalogueWriteSchema, ...errors } },
    },
    async (request) => {
      const row = await updateAdTag(app.db, sessionOf(request), request.params.idLink, request.body.ativo);
      return written(CATALOGUE_MESSAGES.statusUpdated, row);
    },
  );

  // ---- CSV (002 §7: a JSON array of up to 1000 rows per request) ----
  app.post(
    '/anuncios/csv',
    {
      bodyLimit: CSV_BODY_LIMIT,
      config: { access: catalogue },
      schema: { body: adsCsvBatchSchema, response: { 200: adsCsvResultSchema, ...errors } },
    },
    async (request) => ({ message: ADS_CSV_MESSAGES.done, data: await importAdsCsv(app.db, sessionOf(request), request.body) }),
  );

  // ---- campaign costs ----
  app.get(
    '/cadastros/campanha',
    { config: { access: costs }, schema: { response: { 200: costListSchema, ...errors } } },
    async (request) => ({
      data: await listCosts(app.db, sessionOf(request)),
    }),
  );
  app.post(
    '/cadastros/campanha',
    { config: { access: costs }, schema: { body: costCreateSchema, response: { 201: writeResultSchema, ...errors } } },
    async (request, reply) => {
      const row = await createCost(app.db, sessionOf(request), request.body);
      return reply.status(201).send({ message: COST_MESSAGES.created, data: { id: row.id } });
    },
  );
  app.put(
    '/cadastros/campanha_custo',
    { config: { access: costs }, schema: { body: costUpdateSchema, response: { 200: writeResultSchema, ...errors } } },
    async (request) => {
      const row = await updateCost(app.db, sessionOf(request), request.body);
      return { message: COST_MESSAGES.updated, data: { id: row.id } };
    },
  );
};
