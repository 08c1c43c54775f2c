// Companies, their units and each unit's settings (000 §3 crm_configuracoes, dados_unidade).
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

import type { CallHours } from '@funil/domain/webphone/call-hours';

export const empresas = pgTable('empresas', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 200 }).notNull(),
  // The company messaging backend's company id (000 §3 dados_unidade.idCompany); 0 when none.
  idCompany: integer('id_company').notNull().default(0),
  ativo: integer('ativo').notNull().default(1),
  datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
});

export const unidades = pgTable('unidades', {
  id: serial('id').primaryKey(),
  idEmpresa: integer('id_empresa')
    .notNull()
    .references(() => empresas.id),
  nome: varchar('nome', { length: 200 }).notNull(),
  ddd: varchar('ddd', { length: 3 }).notNull().default('11'),
  idSistema: integer('id_sistema').notNull().default(-1),
  filtro: varchar('filtro', { length: 200 }).notNull().default(''),
  // 002 §3 "Unit": a random 32-character alphanumeric token generated on create.
  token: varchar('token', { length: 32 }).notNull().unique(),
  idWhatsapp: integer('id_whatsapp'),
  // Secret of the messaging backend; never sent to a browser.
  tokenWhatsappNovo: text('token_whatsapp_novo'),
  idFunil: integer('id_funil'),
  idFunilVenda: integer('id_funil_venda'),
  ativo: integer('ativo').notNull().default(1),
  datacad: timestamp('datacad', { withTimezone: true }).notNull().defaultNow(),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true }).notNull().defaultNow(),
});

// 000 §3 crm_configuracoes and the unit flags; 002 §3 "Settings (per unit)" for the queue rules.
export const unidadeConfiguracoes = pgTable('unidade_configuracoes', {
  idUnidade: integer('id_unidade')
    .primaryKey()
    .references(() => unidades.id),
  habilitaEnvioEmMassa: boolean('habilita_envio_em_massa').notNull().default(false),
  configuracoesExtra: text('configuracoes_extra').notNull().default('{}'),
  intervaloDiasCrm: integer('intervalo_dias_crm').notNull().default(62),
  urlDashboard: text('url_dashboard'),
  evolutionHabilitado: boolean('evolution_habilitado').notNull().default(false),
  atendimentoHabilitado: boolean('atendimento_habilitado').notNull().default(false),
  statusMensagemEnvioEmMassa: boolean('status_mensagem_envio_em_massa').notNull().default(false),
  ligacaoLimiteTentativas: integer('ligacao_limite_tentativas').notNull().default(6),
  ligacaoLimiteTentativasDiarias: integer('ligacao_limite_tentativas_diarias').notNull().default(3),
  ligacaoIntervaloNaoAtendida: integer('ligacao_intervalo_nao_atendida').notNull().default(60),
  valorMinimoSegundosChamadaAtendida: integer('valor_minimo_segundos_chamada_atendida').notNull().default(20),
  regraFila1: varchar('regra_fila_1', { length: 200 }).notNull().default('1,7'),
  regraFila2: varchar('regra_fila_2', { length: 200 }).notNull().default('2'),
  regraFila3: varchar('regra_fila_3', { length: 200 }).notNull().default('5,3'),
  mensagemWhatsapp: text('mensagem_whatsapp').notNull().default(''),
  habilitaMensagemWhatsapp: boolean('habilita_mensagem_whatsapp').notNull().default(false),
  // issue 12 (beyond 002): busy lines retried on their own delay (minutes); call hours per weekday
  // (Sunday first, null = no restriction) and holidays ('YYYY-MM-DD'), São Paulo time.
  ligacaoIntervaloOcupado: integer('ligacao_intervalo_ocupado').notNull().default(15),
  horarioLigacao: jsonb('horario_ligacao').$type<CallHours>(),
  feriados: jsonb('feriados').$type<string[]>().notNull().default([]),
  dataAtualizacao: timestamp('data_atualizacao', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
