// Issue 23 §7: the first unit's ads catalogue (three campaigns of the demo's leads, each with ad sets,
// ads and their tags) and the campaigns' monthly costs of the last three months. The second unit keeps none.
// The dashboards' cost per lead reads the demo leads of those campaigns (by name), and a few recent
// leads came from a click-to-WhatsApp ad nobody identified (issue 23 §3: 'N leads sem anúncio identificado').
import { and, desc, eq, gte } from 'drizzle-orm';

import { monthBounds } from '@funil/domain/ads/costs';
import { formatIsoDate } from '@funil/domain/format/date';
import { UNIDENTIFIED_AD_NAME } from '@funil/domain/leads/unknown-ad';

import type { DbOrTx } from '../db/handle.ts';
import { anunciosAds, anunciosAdsTags, anunciosCampanhas, anunciosConjuntos, anunciosCustos } from '../modules/ads/ads.table.ts';
import { leads } from '../modules/leads/leads.table.ts';

type DemoAd = { id: string; nome: string; tags: string[] };
type DemoCampaign = {
  id: string;
  nome: string;
  publico: number;
  custos: [number, number, number];
  conjuntos: { id: string; nome: string; ads: DemoAd[] }[];
};

// The names match the demo leads' campaign and ad names (demo.ts CAMPAIGNS), so cost per lead has leads.
export const DEMO_AD_CAMPAIGNS: DemoCampaign[] = [
  {
    id: '120210455501230017',
    nome: 'Implante Dentário',
    publico: 1,
    custos: [4200, 4850, 5320.5],
    conjuntos: [
      {
        id: '120210455501230101',
        nome: 'Mulheres e homens 40-65 – Zona Sul',
        ads: [
          { id: '120210455501239001', nome: 'Implante em 24h', tags: ['Quente', 'Orçamento'] },
          { id: '120210455501239002', nome: 'Implante – parcelamento em 12x', tags: ['Orçamento'] },
        ],
      },
      {
        id: '120210455501230102',
        nome: 'Remarketing – visitaram o site',
        ads: [{ id: '120210455501239003', nome: 'Implante – depoimento da paciente', tags: ['Retornar'] }],
      },
    ],
  },
  {
    id: '120210455501230018',
    nome: 'Clareamento Black Friday',
    publico: 2,
    custos: [1800, 2100, 3650.9],
    conjuntos: [
      {
        id: '120210455501230201',
        nome: 'Mulheres 25-45 – raio de 10 km',
        ads: [
          { id: '120210455501239011', nome: 'Clareamento 50% off', tags: ['Quente'] },
          { id: '120210455501239012', nome: 'Clareamento – antes e depois', tags: ['Frio'] },
        ],
      },
    ],
  },
  {
    id: '120210455501230019',
    nome: 'Avaliação Gratuita – Novembro',
    publico: 4,
    custos: [2500, 2500, 2750],
    conjuntos: [
      {
        id: '120210455501230301',
        nome: 'Semelhante a pacientes (1%)',
        ads: [{ id: '120210455501239021', nome: 'Avaliação gratuita – vídeo depoimento', tags: ['Indicação'] }],
      },
      {
        id: '120210455501230302',
        nome: 'Interesses: odontologia e estética',
        ads: [{ id: '120210455501239022', nome: 'Avaliação gratuita – carrossel', tags: ['Frio', 'Retornar'] }],
      },
    ],
  },
];

/** 'YYYY-MM' of the month `back` months before `now`'s (America/Sao_Paulo). */
function monthBefore(now: Date, back: number): string {
  const [y, m] = formatIsoDate(now).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export async function seedDemoAds(
  tx: DbOrTx,
  opts: { idEmpresa: number; idUnidade: number; tags: { id: number; nome: string }[]; idTipoLead: number; now: Date },
): Promise<void> {
  const tagId = new Map(opts.tags.map((t) => [t.nome, t.id]));
  for (const campaign of DEMO_AD_CAMPAIGNS) {
    const [c] = await tx
      .insert(anunciosCampanhas)
      .values({ idEmpresa: opts.idEmpresa, idUnidade: opts.idUnidade, campaignId: campaign.id, campaignName: campaign.nome })
      .returning({ id: anunciosCampanhas.id });
    for (const set of campaign.conjuntos) {
      const [s] = await tx
        .insert(anunciosConjuntos)
        .values({ idCampanha: c!.id, adsetId: set.id, adsetName: set.nome })
        .returning({ id: anunciosConjuntos.id });
      for (const ad of set.ads) {
        const [a] = await tx
          .insert(anunciosAds)
          .values({ idConjunto: s!.id, adId: ad.id, adName: ad.nome })
          .returning({ id: anunciosAds.id });
        const links = ad.tags.flatMap((nome) => (tagId.has(nome) ? [{ idAd: a!.id, idTag: tagId.get(nome)! }] : []));
        if (links.length > 0) await tx.insert(anunciosAdsTags).values(links);
      }
    }
    await tx.insert(anunciosCustos).values(
      campaign.custos.map((custo, i) => {
        const { inicio, fim } = monthBounds(monthBefore(opts.now, 2 - i));
        return {
          idEmpresa: opts.idEmpresa,
          idUnidade: opts.idUnidade,
          idCampanha: c!.id,
          publico: campaign.publico,
          idTipoLead: opts.idTipoLead,
          custo: custo.toFixed(2),
          periodoInicio: inicio,
          periodoFim: fim,
          origem: 'manual',
        };
      }),
    );
  }
  await seedDemoUnidentifiedAds(tx, { idUnidade: opts.idUnidade, now: opts.now });
}

/** The campaign of the demo leads whose click-to-WhatsApp ad is not identified (not in the catalogue either). */
export const DEMO_UNIDENTIFIED_CAMPAIGN = 'Lentes de Contato Dental';

/**
 * Issue 23 §3 on the demo: the first unit's three newest leads of DEMO_UNIDENTIFIED_CAMPAIGN arrived
 * by a click-to-WhatsApp ad whose payload named no ad ('Meta (anúncio não identificado)'), so the
 * dashboards' 'leads sem anúncio identificado' is not zero in the last 7 days.
 */
export async function seedDemoUnidentifiedAds(tx: DbOrTx, opts: { idUnidade: number; now: Date }): Promise<void> {
  const recent = await tx
    .select({ id: leads.cliCrmId, captado: leads.cliDataCaptacao })
    .from(leads)
    .where(
      and(
        eq(leads.idUnidade, opts.idUnidade),
        eq(leads.cliCampanhaNome, DEMO_UNIDENTIFIED_CAMPAIGN),
        gte(leads.cliDataCaptacao, new Date(opts.now.getTime() - 6 * 86_400_000)),
      ),
    )
    .orderBy(desc(leads.cliDataCaptacao))
    .limit(3);
  for (const lead of recent)
    await tx
      .update(leads)
      .set({
        origemCanal: 'whatsapp-anuncio',
        origemCerteza: null,
        origemEm: lead.captado,
        cliCampanhaNome: null,
        cliCampanhaId: null,
        adId: null,
        adName: UNIDENTIFIED_AD_NAME,
      })
      .where(eq(leads.cliCrmId, lead.id));
}
