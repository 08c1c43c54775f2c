// Issue 23 §4: the lead detail's "Origem" shows the channel, platform, campaign > ad set > ad, the
// attribution's certainty and the UTM fields where present; the first touch after a re-entry.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { originOf } from '@funil/domain/leads/origin';

import { LeadOriginFacts } from './lead-origin.tsx';

vi.mock('../../../lib/unit-data.ts', async () => {
  const { testUnitData } = await import('./test-unit-data.ts');
  const unit = {
    ...testUnitData({}),
    plataformas: [
      { id: 1, nome: 'Facebook' },
      { id: 5, nome: 'Site' },
    ],
  };
  return { useLoadedUnitData: () => unit };
});

afterEach(cleanup);

const fieldText = (label: string) => screen.queryByText(`${label}:`, { exact: true })?.parentElement?.textContent ?? null;

describe('LeadOriginFacts', () => {
  it('shows the last touch: channel, platform, the ad path, certainty and the UTM fields present', () => {
    const touch = originOf(
      {
        canal: 'captura',
        plataforma: 1,
        campaign_name: 'Implante',
        adset_name: 'Mulheres 30-50',
        ad_id: '120200003',
        utm_source: 'facebook',
        gclid: null,
      },
      new Date('2026-11-27T13:05:00Z'),
    );
    render(<LeadOriginFacts origem={{ primeiro: touch, ultimo: touch }} />);
    expect(fieldText('Canal')).toBe('Canal: URL de captação');
    expect(fieldText('Em')).toBe('Em: 27/11/2026 10:05');
    expect(fieldText('Plataforma')).toBe('Plataforma: Facebook');
    expect(fieldText('Campanha > Conjunto > Anúncio')).toBe(
      'Campanha > Conjunto > Anúncio: Implante > Mulheres 30-50 > 120200003',
    );
    expect(fieldText('Atribuição')).toBe('Atribuição: ID exato do anúncio');
    expect(fieldText('utm_source')).toBe('utm_source: facebook');
    expect(fieldText('utm_medium')).toBeNull();
    expect(fieldText('gclid')).toBeNull();
    expect(screen.queryByText('Primeiro contato')).toBeNull();
  });

  it('shows the first touch beside the last after a re-entry, and says when a lead has no origin', () => {
    const first = originOf({ canal: 'manual', ad_name: 'Panfleto' }, new Date('2026-10-01T12:00:00Z'));
    const last = originOf({ canal: 'captura', plataforma: 5, utm_campaign: 'botox' }, new Date('2026-11-27T12:00:00Z'));
    render(<LeadOriginFacts origem={{ primeiro: first, ultimo: last }} />);
    expect(screen.getByText('Último contato')).toBeTruthy();
    expect(screen.getByText('Primeiro contato')).toBeTruthy();
    expect(screen.getByText('Cadastro manual')).toBeTruthy();
    expect(screen.getByText('Informada manualmente')).toBeTruthy();
    cleanup();
    render(<LeadOriginFacts origem={{ primeiro: null, ultimo: null }} />);
    expect(screen.getByText('Origem não registrada (lead anterior ao registro de origem).')).toBeTruthy();
  });
});
