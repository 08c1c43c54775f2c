// The demo company of `npm start`: two units, one user of every role, funnels, tags, platforms,
// guidance texts and 390 leads with Brazilian names, phones and campaigns (300 of the last 60 days,
// 90 older ones for the dashboards' 90 days). Runs only on an empty
// database, inside one transaction, so a half-seeded database cannot happen.
import { count } from 'drizzle-orm';

import type { Permission } from '@funil/domain/access/roles';
import { isConversionStatus } from '@funil/domain/dashboard/dashboard-api';
import { foldAccents } from '@funil/domain/format/fold';

import type { Db, DbOrTx } from '../db/handle.ts';
import { potenciais } from '../modules/catalog/catalog.table.ts';
import { orientacoes } from '../modules/guidance/guidance.table.ts';
import { leads } from '../modules/leads/leads.table.ts';
import { phoneKey } from '../modules/leads/phone-key.ts';
import { leadTags, tags } from '../modules/tags/tags.table.ts';
import { empresas } from '../modules/tenancy/tenancy.table.ts';
import { createCompany, createUnit, createUser, seedReferenceLists } from './builders.ts';
import { seedDemoAds } from './demo-ads.ts';
import { seedDemoAutomations } from './demo-automations.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoConversation } from './demo-conversation.ts';
import { seedDemoCtwaConversation } from './demo-ctwa.ts';
import { seedDemoDashboard } from './demo-dashboard.ts';
import { seedDemoMassSend } from './demo-mass-send.ts';
import { seedDemoQuickMessages } from './demo-quick-messages.ts';
import { seedPipelineDemo } from './pipeline-demo.ts';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_LOGINS: { email: string; permissao: Permission; nome: string; unidade: 1 | 2 }[] = [
  { email: 'superadmin@demo.com.br', permissao: 'sa', nome: 'Sofia Albuquerque', unidade: 1 },
  { email: 'gestor@demo.com.br', permissao: 'ag', nome: 'Gustavo Teixeira', unidade: 1 },
  { email: 'admin@demo.com.br', permissao: 'a', nome: 'Adriana Moreira', unidade: 1 },
  { email: 'atendente@demo.com.br', permissao: 'u', nome: 'Ana Beatriz Lima', unidade: 1 },
  { email: 'gerente@demo.com.br', permissao: 'm', nome: 'Marcelo Pereira', unidade: 1 },
  { email: 'multigerente@demo.com.br', permissao: 'mg', nome: 'Mariana Castro', unidade: 1 },
  { email: 'atendente2@demo.com.br', permissao: 'u', nome: 'Bruno Carvalho', unidade: 2 },
  // issue 14: the second unit keeps the classic dashboard; its multi-manager sees every tab.
  { email: 'multigerente2@demo.com.br', permissao: 'mg', nome: 'Rafael Nogueira', unidade: 2 },
];

const USER_COLOURS = ['#e91e63', '#3f51b5', '#009688', '#ff5722', '#795548', '#673ab7', '#00bcd4'];

const FIRST_NAMES = [
  'João',
  'Maria',
  'José',
  'Ana',
  'Francisco',
  'Antônia',
  'Carlos',
  'Adriana',
  'Paulo',
  'Juliana',
  'Pedro',
  'Márcia',
  'Lucas',
  'Fernanda',
  'Luiz',
  'Patrícia',
  'Marcos',
  'Aline',
  'Luís',
  'Sandra',
  'Gabriel',
  'Camila',
  'Rafael',
  'Amanda',
  'Daniel',
  'Bruna',
  'Marcelo',
  'Jéssica',
  'Bruno',
  'Letícia',
  'Eduardo',
  'Júlia',
  'Felipe',
  'Luciana',
  'Raimundo',
  'Vanessa',
  'Rodrigo',
  'Mariana',
  'Conceição',
  'Gustavo',
  'Beatriz',
  'Thiago',
  'Larissa',
  'Otávio',
  'Érica',
  'Caio',
  'Débora',
  'Vinícius',
  'Lúcia',
  'Matheus',
  'Cecília',
  'André',
  'Simone',
  'Fábio',
  'Helena',
  'Sérgio',
  'Natália',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Araújo',
  'Simões',
  'Magalhães',
  'Guimarães',
  'Brandão',
  'Conceição',
  'Assunção',
];
const CAMPAIGNS = [
  { nome: 'Avaliação Gratuita – Novembro', ads: ['Avaliação gratuita – vídeo depoimento', 'Avaliação gratuita – carrossel'] },
  { nome: 'Implante Dentário', ads: ['Implante em 24h', 'Implante – parcelamento em 12x'] },
  { nome: 'Clareamento Black Friday', ads: ['Clareamento 50% off', 'Clareamento – antes e depois'] },
  { nome: 'Ortodontia Invisível', ads: ['Alinhadores invisíveis', 'Sorriso sem aparelho'] },
  { nome: 'Lentes de Contato Dental', ads: ['Lentes – simulação do sorriso'] },
];
const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'bol.com.br'];

// A small deterministic generator, so the demo looks the same on every machine.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slug = (text: string) =>
  foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z]/g, '');

export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(empresas);
  return Number(row?.n ?? 0) === 0;
}

/** Seeds the demo company when the database has none; returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx))) return;
    await seedReferenceLists(tx);
    const empresa = await createCompany(tx, 'Sorriso Perfeito Odontologia');
    const extras = {
      atendimento_habilitado: true,
      clienteAtendente: true,
      listaAtendente: false,
      cadastrarCEP: true,
      edicao_status_cliente: true,
      assinaturaWhatsapp: false,
      agendarMensagemHeaderWhatsapp: true,
    };
    // Issue 13: the first unit sends campaigns; issue 14: it opens the v2 dashboard (dash_v2, 000 §2);
    // issue 21: it has the v2 chat too (whatsapp_v2: /whatsappv2 opens its living conversations; the
    // menu names the gateway chat, 000 §6, since the unit has instances). The second keeps the defaults.
    const unit1 = await createUnit(tx, empresa, 'Unidade Paulista – São Paulo', '11', {
      extras: {
        ...extras,
        habilita_envio_em_massaV2: true,
        configuracoes_envio_em_massa: { quantidade_max_leads: 500, tempo_minimo: 10, tempo_maximo: 50 },
        dash_v2: true,
        whatsapp_v2: true,
        // Issue 25: the first unit runs automations; issue 24: it opens /insights (filled when the demo's
        // Meta stand-in runs, demo-insights.ts; without a connection the screen asks to connect).
        automacao: true,
        metaInsights: true,
      },
      evolutionHabilitado: true,
      atendimentoHabilitado: true,
    });
    const unit2 = await createUnit(tx, empresa, 'Unidade Savassi – Belo Horizonte', '31', {
      extras,
      evolutionHabilitado: true,
      atendimentoHabilitado: true,
    });
    const unitIds = { 1: unit1, 2: unit2 } as const;

    const userIds: Record<1 | 2, number[]> = { 1: [], 2: [] };
    const idOfLogin = new Map<string, number>();
    for (const [i, login] of DEMO_LOGINS.entries()) {
      const id = await createUser(tx, {
        idEmpresa: empresa,
        idUnidade: unitIds[login.unidade],
        nome: login.nome,
        email: login.email,
        senha: DEMO_PASSWORD,
        permissao: login.permissao,
        cor: USER_COLOURS[i % USER_COLOURS.length]!,
        idRamal: login.permissao === 'u' ? 200 + i : 0,
        acessoAtribuidos: login.permissao !== 'u',
        excluirLeads: login.permissao === 'a',
        habilitaMensagemWhatsapp: login.permissao === 'u',
      });
      if (login.permissao === 'u') userIds[login.unidade].push(id);
      idOfLogin.set(login.email, id);
    }

    const tagNames = [
      { nome: 'Quente', cor: '#f44336' },
      { nome: 'Frio', cor: '#03a9f4' },
      { nome: 'Retornar', cor: '#ff9800' },
      { nome: 'VIP', cor: '#9c27b0' },
      { nome: 'Indicação', cor: '#4caf50' },
      { nome: 'Orçamento', cor: '#ffeb3b' },
    ];
    const tagIds: Record<1 | 2, number[]> = { 1: [], 2: [] };
    for (const u of [1, 2] as const) {
      const rows = await tx
        .insert(tags)
        .values(tagNames.map((t) => ({ ...t, idUnidade: unitIds[u] })))
        .returning({ id: tags.id });
      tagIds[u] = rows.map((r) => r.id);
    }

    await tx
      .insert(potenciais)
      .values({ idEmpresa: empresa, nome: 'Interesse no tratamento', descricao: 'Quanto o lead demonstrou querer fechar.' });

    await tx.insert(orientacoes).values([
      {
        idEmpresa: empresa,
        titulo: 'Boas-vindas',
        ordem: 1,
        textoOrientacao:
          '<h2>Bem-vindo ao Funil!</h2><p>Aqui você acompanha cada lead desde a captação até a venda. ' +
          'Comece o dia pelos <strong>leads novos</strong> e pelas <strong>chamadas agendadas</strong>.</p>',
      },
      {
        idEmpresa: empresa,
        titulo: 'Roteiro de primeiro contato',
        ordem: 2,
        textoOrientacao:
          '<h3>Roteiro de primeiro contato</h3><ol><li>Apresente-se e diga de qual anúncio o lead ' +
          'veio.</li><li>Pergunte qual tratamento interessa e há quanto tempo pensa nele.</li><li>Ofereça a ' +
          '<em>avaliação gratuita</em> e agende na hora.</li><li>Registre uma anotação e atualize o status ' +
          'da negociação.</li></ol>',
      },
      {
        idEmpresa: empresa,
        titulo: 'Boas práticas no WhatsApp',
        ordem: 3,
        textoOrientacao:
          '<h3>Boas práticas no WhatsApp</h3><ul><li>Responda em até 5 minutos no horário ' +
          'comercial.</li><li>Use os <strong>modelos de mensagem</strong> e personalize com o nome do ' +
          'cliente.</li><li>Nunca envie valores sem antes entender a necessidade.</li></ul>',
      },
    ]);

    const random = rng(20261122);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // The default funnel's ids (NEGOTIATION_FUNNEL): 7 Tentando contato, 8 Erro, 10 Sem interesse.
    const statusWeights: [number, number][] = [
      [1, 26],
      [7, 4],
      [2, 10],
      [3, 15],
      [4, 20],
      [5, 8],
      [6, 3],
      [10, 8],
      [8, 2],
      [9, 4],
    ];
    // Leads captured 61 to 90 days ago are mostly decided: sold, lost or given up.
    const olderWeights: [number, number][] = [
      [1, 4],
      [2, 4],
      [3, 10],
      [4, 12],
      [5, 22],
      [6, 8],
      [10, 20],
      [8, 8],
      [9, 12],
    ];
    const weighted = (weights: [number, number][]) => () => {
      let r = random() * 100;
      for (const [id, w] of weights) if ((r -= w) < 0) return id;
      return 1;
    };
    const minutesAgo = (fromDays: number, toDays: number) => () =>
      new Date(now.getTime() - Math.floor((fromDays + random() * (toDays - fromDays)) * 24 * 60) * 60_000);

    // 300 leads of the last 60 days (200 in the first unit), then 90 older ones (61 to 90 days ago,
    // 60 in the first unit), so the dashboards' 'last 90 days' have history too (issue 14).
    const plan: { unidade: 1 | 2; status: () => number; captured: () => Date }[] = [
      ...Array.from({ length: 300 }, (_, i) => ({
        unidade: (i < 200 ? 1 : 2) as 1 | 2,
        status: weighted(statusWeights),
        captured: minutesAgo(0, 60),
      })),
      ...Array.from({ length: 90 }, (_, i) => ({
        unidade: (i < 60 ? 1 : 2) as 1 | 2,
        status: weighted(olderWeights),
        captured: minutesAgo(61, 90),
      })),
    ];
    const rows: (typeof leads.$inferInsert)[] = [];
    const tagPlan: number[][] = [];
    for (const { unidade, status: statusOf, captured: capturedOf } of plan) {
      const first = pick(FIRST_NAMES);
      const last = `${pick(LAST_NAMES)}${random() < 0.4 ? ` ${pick(LAST_NAMES)}` : ''}`;
      const nome = `${first} ${last}`;
      const ddd = unidade === 1 ? pick(['11', '11', '11', '12', '13']) : pick(['31', '31', '32', '34']);
      const telefone = `${ddd}9${String(Math.floor(random() * 90_000_000) + 10_000_000)}`;
      const campaign = pick(CAMPAIGNS);
      const status = statusOf();
      const captured = capturedOf();
      const attendants = userIds[unidade];
      const assigned = status !== 1 && random() < 0.7 ? pick(attendants) : null;
      const converted = isConversionStatus(status);
      rows.push({
        idEmpresa: empresa,
        idUnidade: unitIds[unidade],
        cliNome: nome,
        cliTelefone: telefone,
        telefoneChave: phoneKey(telefone),
        cliEmail:
          random() < 0.6
            ? `${slug(first)}.${slug(last.split(' ')[0]!)}${Math.floor(random() * 90) + 10}@${pick(EMAIL_DOMAINS)}`
            : null,
        cliContatoStatus: status === 1 ? 1 : status === 3 || status === 7 ? 2 : 3,
        cliMensagemStatus: status === 1 ? 0 : pick([1, 2, 2, 3]),
        cliTipoLead: pick([1, 1, 1, 2, 2, 3, 4, 5, 6]),
        cliDataCaptacao: captured,
        cliDataAtendimento: status === 1 ? null : new Date(captured.getTime() + 3_600_000),
        cliContatoAgendado: status === 2 ? new Date(now.getTime() + Math.floor(random() * 5 * 24) * 3_600_000) : null,
        cliStatusNegociacao: status,
        cliStatusNegociacaoVenda: converted ? pick([2, 3, 4, 4]) : 1,
        cliCampanhaNome: campaign.nome,
        cliCampanhaInteresse: campaign.nome,
        adName: pick(campaign.ads),
        idUsuario: assigned,
        valorTicket: converted ? (Math.round(random() * 80 + 15) * 100).toFixed(2) : '0',
        valorPotencial: status >= 4 ? Math.floor(random() * 6) : 0,
        informacoesExtra: random() < 0.3 ? { cep: String(Math.floor(random() * 89_999_999) + 10_000_000) } : {},
        whatsappBlocked: 0,
        // The board's order (issue 11): newest captures on top, as the positions a lead gets when it
        // arrives; the older leads inserted after the recent ones must not open the columns.
        posicaoPipeline: -Math.floor(captured.getTime() / 1000),
      });
      const planned: number[] = [];
      if (random() < 0.35) planned.push(pick(tagIds[unidade]));
      if (random() < 0.15) planned.push(pick(tagIds[unidade]));
      tagPlan.push([...new Set(planned)]);
    }
    const inserted = await tx.insert(leads).values(rows).returning({ id: leads.cliCrmId });
    const links = inserted.flatMap((lead, i) => (tagPlan[i] ?? []).map((idTag) => ({ cliCrmId: lead.id, idTag })));
    if (links.length > 0) await tx.insert(leadTags).values(links);
    await seedPipelineDemo(tx, unit1);
    await seedDemoChat(tx, { idEmpresa: empresa, idUnidade: unit1, viewerId: userIds[1][0] ?? null, now, random });
    await seedDemoQuickMessages(tx, empresa, unit1, userIds[1][0]!);
    await seedDemoConversation(tx, { idEmpresa: empresa, idUnidade: unit1, viewerId: userIds[1][0] ?? null, now });
    await seedDemoMassSend(tx, { idEmpresa: empresa, idUnidade: unit1, idUsuario: userIds[1][0]!, now });
    // Issue 25: three automations with a history of runs; built by the unit's admin.
    await seedDemoAutomations(tx, { idEmpresa: empresa, idUnidade: unit1, idAdmin: idOfLogin.get('admin@demo.com.br')!, now });
    // Issue 23 §7: the first unit's ads catalogue and campaign costs (platform 1, Facebook).
    await seedDemoAds(tx, {
      idEmpresa: empresa,
      idUnidade: unit1,
      tags: tagNames.map((t, i) => ({ id: tagIds[1][i]!, nome: t.nome })),
      idTipoLead: 1,
      now,
    });
    // Issue 23 §3 §7: a conversation of the first unit started from a click-to-WhatsApp ad.
    await seedDemoCtwaConversation(tx, {
      idEmpresa: empresa,
      idUnidade: unit1,
      viewerId: userIds[1][0] ?? null,
      now,
      tags: tagNames.map((t, i) => ({ id: tagIds[1][i]!, nome: t.nome })),
    });
    await seedDemoDashboard(tx, {
      idEmpresa: empresa,
      attendants: new Map([
        [unit1, userIds[1]],
        [unit2, userIds[2]],
      ]),
      now,
      random,
    });
  });
  return true;
}
