// Issue 23 §4: the UTM fields show where 000 §9 says (the lead header of company 10: "Company id
// 10: UTM fields shown") and in the lead's detail ("Origem") for everyone where present; §3: a lead
// from a click-to-WhatsApp ad shows its ad, or 'Meta (anúncio não identificado)', and what the
// gateway told of the ad.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CTWA_EXTRA_FIELDS, originOf, UNIDENTIFIED_AD_NAME } from '@funil/domain/leads/origin';

import { LeadHeader } from './lead-header.tsx';
import { LeadOriginFacts } from './lead-origin.tsx';
import { renderWithProviders, testCrmContato } from './test-lead.tsx';
import type { LeadSettings } from './use-lead-settings.ts';

vi.mock('../../../lib/session.ts', async () => (await import('../../../testing/kit.tsx')).sessionModule);
vi.mock('../../../lib/unit-data.ts', async () => {
  const { testUnitData } = await import('./test-unit-data.ts');
  const unit = { ...testUnitData({}), plataformas: [{ id: 4, nome: 'WhatsApp' }] };
  return { useLoadedUnitData: () => unit };
});

afterEach(cleanup);

const settings = (companyId: number): LeadSettings => ({
  companyId,
  unitId: 1,
  cadastrarCEP: false,
  clienteAtendente: true,
  listaAtendente: false,
  edicaoStatusCliente: true,
  atendimentoHabilitado: true,
  excluirLeads: false,
  viewer: { userId: 3, acessoAtribuidos: 1 },
});

const fieldText = (label: string) => screen.queryByText(`${label}:`, { exact: true })?.parentElement?.textContent ?? null;

const utmLead = () =>
  testCrmContato({
    utm_source: 'facebook',
    utm_medium: 'cpc',
    utm_campaign: 'implante-novembro',
    utm_content: null,
    utm_term: null,
  });

describe('UTM fields in the lead header (000 §9, issue 23 §4)', () => {
  it('company 10 shows the five UTM fields, each with its value or —', () => {
    renderWithProviders(<LeadHeader lead={utmLead()} settings={settings(10)} onLeave={() => undefined} />);
    expect(fieldText('utm_source')).toBe('utm_source: facebook');
    expect(fieldText('utm_medium')).toBe('utm_medium: cpc');
    expect(fieldText('utm_campaign')).toBe('utm_campaign: implante-novembro');
    expect(fieldText('utm_content')).toBe('utm_content: —');
    expect(fieldText('utm_term')).toBe('utm_term: —');
  });

  it('another company shows no UTM field in the header', () => {
    renderWithProviders(<LeadHeader lead={utmLead()} settings={settings(1)} onLeave={() => undefined} />);
    for (const f of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term']) expect(fieldText(f)).toBeNull();
  });
});

describe("the lead's origin in its detail (issue 23 §3, §4)", () => {
  it('shows the UTM fields present, for any company, and leaves out the absent ones', () => {
    const touch = originOf({ canal: 'captura', utm_source: 'instagram', utm_term: 'lentes' }, new Date('2026-11-27T12:00:00Z'));
    render(<LeadOriginFacts origem={{ primeiro: touch, ultimo: touch }} />);
    expect(fieldText('utm_source')).toBe('utm_source: instagram');
    expect(fieldText('utm_term')).toBe('utm_term: lentes');
    expect(fieldText('utm_medium')).toBeNull();
    expect(fieldText('utm_campaign')).toBeNull();
  });

  it("a click-to-WhatsApp lead whose ad is unknown: 'Meta (anúncio não identificado)' and what the gateway sent", () => {
    const touch = originOf(
      { canal: 'whatsapp-anuncio', plataforma: 4, certeza: null, ad_name: UNIDENTIFIED_AD_NAME },
      new Date('2026-11-27T12:00:00Z'),
    );
    render(
      <LeadOriginFacts
        origem={{ primeiro: touch, ultimo: touch }}
        extras={{
          [CTWA_EXTRA_FIELDS.title]: 'Clareamento em 1 sessão',
          [CTWA_EXTRA_FIELDS.sourceUrl]: 'https://fb.me/abc',
          [CTWA_EXTRA_FIELDS.ctwaClid]: 'ARAkLkA8',
          cep: '01310100',
        }}
      />,
    );
    expect(fieldText('Canal')).toBe('Canal: WhatsApp (anúncio)');
    expect(fieldText('Campanha > Conjunto > Anúncio')).toBe(`Campanha > Conjunto > Anúncio: ${UNIDENTIFIED_AD_NAME}`);
    expect(fieldText('Atribuição')).toBeNull();
    expect(screen.getByText('Anúncio do WhatsApp')).toBeTruthy();
    expect(fieldText('Título do anúncio')).toBe('Título do anúncio: Clareamento em 1 sessão');
    expect(fieldText('Link do anúncio')).toBe('Link do anúncio: https://fb.me/abc');
    expect(fieldText('ctwa_clid')).toBe('ctwa_clid: ARAkLkA8');
    expect(fieldText('Texto do anúncio')).toBeNull();
  });

  it('a lead without the ad facts shows no "Anúncio do WhatsApp"', () => {
    const touch = originOf({ canal: 'whatsapp-organico', plataforma: 4 }, new Date('2026-11-27T12:00:00Z'));
    render(<LeadOriginFacts origem={{ primeiro: touch, ultimo: touch }} extras={{ cep: '01310100' }} />);
    expect(screen.queryByText('Anúncio do WhatsApp')).toBeNull();
  });
});
