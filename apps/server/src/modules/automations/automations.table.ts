// Automations (issue 25): the unit's rules, one run per (rule, lead, event) and each run's step log.
// A run is its own queue row: its due time is the schedule (a wait is a due time, not a timer), its
// lease the claim (src/jobs/README.md); a step is recorded once by its key (run, round, step).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

import type { AutomationInput, RunStatus, TypebotSettings } from '@funil/domain/automations/automations';

import { leads } from '../leads/leads.table.ts';
import { empresas, unidades } from '../tenancy/tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';

export const automacoes = pgTable(
  'automacoes',
  {
    id: serial('id').primaryKey(),
    idEmpresa: integer('id_empresa')
      .notNull()
      .references(() => empresas.id),
    idUnidade: integer('id_unidade')
      .notNull()
      .references(() => unidades.id),
    nome: varchar('nome', { length: 80 }).notNull(),
    gatilho: jsonb('gatilho').$type<AutomationInput['gatilho']>().notNull(),
    opcoes: jsonb('opcoes').$type<AutomationInput['opcoes']>().notNull(),
    passos: jsonb('passos').$type<AutomationInput['passos']>().notNull(),
    habilitado: boolean('habilitado').notNull().default(true),
    /** The admin who built it: the sender of its messages and the user of its changes. */
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => usuarios.id),
    /** The HMAC key of its webhook steps' signature. */
    segredo: varchar('segredo', { length: 64 }).notNull(),
    /** The round robin's last attendant. */
    rodizioUltimo: integer('rodizio_ultimo'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automacoes_unidade_idx').on(t.idUnidade, t.habilitado)],
);

export const automacoesExecucoes = pgTable(
  'automacoes_execucoes',
  {
    id: serial('id').primaryKey(),
    idAutomacao: integer('id_automacao')
      .notNull()
      .references(() => automacoes.id, { onDelete: 'cascade' }),
    cliCrmId: integer('cli_crm_id')
      .notNull()
      .references(() => leads.cliCrmId, { onDelete: 'cascade' }),
    idUnidade: integer('id_unidade').notNull(),
    /** The lead event that fired it (lead_eventos.id): a replayed event never starts a second run. */
    idEvento: bigint('id_evento', { mode: 'number' }).notNull(),
    /** 1 for an event made by a person; n+1 for one made by an automation's run at depth n. */
    profundidade: integer('profundidade').notNull().default(1),
    status: varchar('status', { length: 12 }).$type<RunStatus>().notNull().default('ativa'),
    passo: integer('passo').notNull().default(0),
    /** Bumped by 'Tentar de novo a partir do passo': the steps' keys of a new round are new. */
    rodada: integer('rodada').notNull().default(0),
    tentativas: integer('tentativas').notNull().default(0),
    proximoEm: timestamp('proximo_em', { withTimezone: true }).notNull().defaultNow(),
    leasePor: varchar('lease_por', { length: 40 }),
    leaseAte: timestamp('lease_ate', { withTimezone: true }),
    erro: text('erro'),
    mensagensEnviadas: integer('mensagens_enviadas').notNull().default(0),
    /** 'Aguardar resposta' (issue 25): the step's key while it waits, the last lead event id when it began, the answer's time. */
    aguardandoChave: varchar('aguardando_chave', { length: 60 }),
    aguardandoEvento: bigint('aguardando_evento', { mode: 'number' }),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }),
    /** The lead's first message after this run sent one (within 7 days of its start): 'Visualizar Desempenho'. */
    respostaEm: timestamp('resposta_em', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    terminadoEm: timestamp('terminado_em', { withTimezone: true }),
  },
  (t) => [
    unique('automacoes_execucoes_evento_unique').on(t.idAutomacao, t.cliCrmId, t.idEvento),
    index('automacoes_execucoes_devidas_idx')
      .on(t.proximoEm)
      .where(sql`${t.status} = 'ativa'`),
    index('automacoes_execucoes_regra_idx').on(t.idAutomacao, t.criadoEm),
    index('automacoes_execucoes_lead_idx').on(t.cliCrmId, t.criadoEm),
  ],
);

export const automacoesPassos = pgTable(
  'automacoes_passos',
  {
    id: serial('id').primaryKey(),
    idExecucao: integer('id_execucao')
      .notNull()
      .references(() => automacoesExecucoes.id, { onDelete: 'cascade' }),
    passo: integer('passo').notNull(),
    /** `{run}:{round}:{step}`: a step is recorded once, whatever process or retry reaches it. */
    chave: varchar('chave', { length: 60 }).notNull(),
    /** ok, parou, falhou. */
    resultado: varchar('resultado', { length: 12 }).notNull(),
    detalhe: text('detalhe').notNull().default(''),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('automacoes_passos_chave_unique').on(t.chave), index('automacoes_passos_execucao_idx').on(t.idExecucao)],
);

/** The unit's automation settings: its Typebot server and flows (issue 25 'Typebot through the gateway'). */
export const automacoesConfiguracoes = pgTable('automacoes_configuracoes', {
  idUnidade: integer('id_unidade')
    .primaryKey()
    .references(() => unidades.id),
  typebotUrl: varchar('typebot_url', { length: 300 }).notNull().default(''),
  typebotFluxos: jsonb('typebot_fluxos').$type<TypebotSettings['fluxos']>().notNull().default([]),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});
