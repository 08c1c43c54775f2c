// The lead HTTP surface of 000 §7 "Contacts" and 001 §7 "Lead list and lead record", "Lead actions".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { idParam, leadIdParams, leadUnitQuery } from '@funil/domain/leads-api/fields';
import {
  appointmentsResponseSchema,
  assignBodySchema,
  campaignsResponseSchema,
  contactCreateBodySchema,
  contactCreatedResponseSchema,
  convertBodySchema,
  csvRowBodySchema,
  fullContactResponseSchema,
  historyResponseSchema,
  leadChangeResponseSchema,
  leadWebhookBodySchema,
  scheduleCallBodySchema,
  scheduleMessageBodySchema,
  ticketBodySchema,
  transferBodySchema,
  updateScheduledMessageBodySchema,
  whatsappBlockedBodySchema,
} from '@funil/domain/leads-api/lead-api';
import { LEAD_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { contactEditPayloadSchema } from '@funil/domain/leads/contact';

import { registerFormBodies } from '../../http/form-body.ts';
import { errorResponses, LEAD_SCREENS } from '../../http/lead-screens.ts';
import { sessionOf } from '../auth/auth.plugin.ts';
import * as changes from './lead-changes.service.ts';
import * as service from './leads.service.ts';

const leadRoute = { config: { access: LEAD_SCREENS } } as const;
const change = { 200: leadChangeResponseSchema, ...errorResponses } as const;

export type LeadsRoutesOptions = { ticketOwnerOf?: service.LeadDeps['ticketOwnerOf'] };

export const leadsRoutes: FastifyPluginAsyncZod<LeadsRoutesOptions> = async (app, options) => {
  await registerFormBodies(app);
  const deps: service.LeadDeps = {
    db: app.db,
    realtime: app.realtime,
    ticketOwnerOf: options.ticketOwnerOf,
    enqueueJob: (input, tx) => app.jobs.enqueue(input, tx),
  };

  // ---- registration (000 §7) ----
  app.post(
    '/contato/cadastrarcontato/manual',
    {
      ...leadRoute,
      schema: { body: contactCreateBodySchema, response: { 200: contactCreatedResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      message: LEAD_API_MESSAGES.created,
      data: { id: await service.createManualContact(deps, sessionOf(request), request.body) },
    }),
  );
  app.post(
    '/contato/cadastrarcontatocsv',
    { ...leadRoute, schema: { body: csvRowBodySchema, response: { 200: contactCreatedResponseSchema, ...errorResponses } } },
    async (request) => ({
      message: LEAD_API_MESSAGES.created,
      data: { id: await service.createCsvContact(deps, sessionOf(request), request.body) },
    }),
  );

  // ---- reads (000 §7, 001 §7, 002 §3) ----
  // ?idUnidade=: the lead of the unit a company admin (ag) chose on /webphone, read-only (issue 12).
  app.get(
    '/contato/completo/:id',
    {
      ...leadRoute,
      schema: {
        params: leadIdParams,
        querystring: leadUnitQuery,
        response: { 200: fullContactResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.fullContact(deps, sessionOf(request), request.params.id, request.query.idUnidade),
  );
  app.get(
    '/contato/busca_agendamentos_cliente/:id',
    { ...leadRoute, schema: { params: leadIdParams, response: { 200: appointmentsResponseSchema, ...errorResponses } } },
    async (request) => service.leadAppointments(deps, sessionOf(request), request.params.id),
  );
  app.get(
    '/contato/lista-campanhas',
    { ...leadRoute, schema: { response: { 200: campaignsResponseSchema, ...errorResponses } } },
    async (request) => service.campaigns(deps, sessionOf(request)),
  );
  app.get(
    '/negociacao/:id',
    { ...leadRoute, schema: { params: leadIdParams, response: { 200: historyResponseSchema, ...errorResponses } } },
    async (request) => service.leadHistory(deps, sessionOf(request), request.params.id),
  );

  // ---- changes (001 §4 §7, 000 §7) ----
  app.post(
    '/contato/atualizarcontato/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: contactEditPayloadSchema, response: change } },
    async (request) => (await changes.editContact(deps, sessionOf(request), request.params.id, request.body)).response,
  );
  app.post(
    '/contato/valorticket/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: ticketBodySchema, response: change } },
    async (request) =>
      (
        await changes.updateTicket(
          deps,
          sessionOf(request),
          request.params.id,
          request.body.valor_ticket,
          request.body.id_negociacao,
        )
      ).response,
  );
  app.post(
    '/contato/agendarcontato/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: scheduleCallBodySchema, response: change } },
    async (request) =>
      (await changes.scheduleCall(deps, sessionOf(request), request.params.id, request.body.cli_contato_agendado)).response,
  );
  app.post(
    '/contato/agendar-mensagem/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: scheduleMessageBodySchema, response: change } },
    async (request) =>
      (
        await changes.scheduleMessage(
          deps,
          sessionOf(request),
          request.params.id,
          request.body.cli_mensagem_agendada,
          request.body.cli_data_mensagem_agendada,
        )
      ).response,
  );
  app.put(
    '/contato/atualiza-mensagem-agendada/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: updateScheduledMessageBodySchema, response: change } },
    async (request) => {
      const session = sessionOf(request);
      const text = request.body?.cli_mensagem_agendada ?? '';
      const when = request.body?.cli_data_mensagem_agendada ?? '';
      // 000 §7: empty fields clear the scheduled message; filled ones update it.
      if (text.trim() !== '' && when !== '')
        return (await changes.scheduleMessage(deps, session, request.params.id, text.trim(), when)).response;
      return (await changes.clearScheduledMessage(deps, session, request.params.id)).response;
    },
  );
  app.put(
    '/contato/atribuiratendente/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: assignBodySchema, response: change } },
    async (request) => {
      const session = sessionOf(request);
      const target = request.body?.idAtendente ?? request.body?.idUsuario ?? session.userId;
      return (await changes.assignAttendant(deps, session, request.params.id, target)).response;
    },
  );
  app.put(
    '/contato/removeratendente/:id',
    { ...leadRoute, schema: { params: leadIdParams, response: change } },
    async (request) => (await changes.unassignAttendant(deps, sessionOf(request), request.params.id)).response,
  );
  app.post(
    '/contato/transferircontatoatendente/:id/:idAtendente',
    { ...leadRoute, schema: { params: z.object({ id: idParam, idAtendente: idParam }), response: change } },
    async (request) =>
      (await changes.assignAttendant(deps, sessionOf(request), request.params.id, request.params.idAtendente)).response,
  );
  app.post(
    '/contato/transferircontato/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: transferBodySchema, response: change } },
    async (request) =>
      (await changes.transferToUnit(deps, sessionOf(request), request.params.id, request.body.idUnidade)).response,
  );
  app.put(
    '/contato/whatsapp-bloqueado/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: whatsappBlockedBodySchema, response: change } },
    async (request) =>
      (await changes.setWhatsappBlocked(deps, sessionOf(request), request.params.id, request.body?.whatsapp_blocked)).response,
  );
  for (const [path, global] of [
    ['/contato/convertercliente/:id', false],
    ['/contato/converterclienteglobal/:id', true],
  ] as const) {
    app.post(
      path,
      { ...leadRoute, schema: { params: leadIdParams, body: convertBodySchema, response: change } },
      async (request) =>
        (await changes.convertLead(deps, sessionOf(request), request.params.id, request.body?.idUnidade, global)).response,
    );
  }
  app.put(
    '/webhook/lead/cli_crm_id/:id',
    { ...leadRoute, schema: { params: leadIdParams, body: leadWebhookBodySchema, response: change } },
    async (request) => (await service.updateLeadFromChat(deps, sessionOf(request), request.params.id, request.body)).response,
  );
};
