// The lead's origin (issue 23 §4) in the lead detail: the channel, the platform, campaign > ad set >
// ad, how sure the attribution is, the Lead Ads form and lead, and the UTM fields and click ids
// where present; the first touch too when a re-entry changed the last. A lead that came from a
// click-to-WhatsApp ad (issue 23 §3) also shows what the gateway told of the ad (its informacoesExtra).
import { Box, Typography } from '@mui/material';

import { formatDateTime } from '@funil/domain/format/date';
import {
  adPathOf,
  ATTRIBUTION_CERTAINTY_LABELS,
  CTWA_EXTRA_FIELDS,
  LEAD_CHANNEL_LABELS,
  type LeadOrigin,
  type LeadOrigins,
} from '@funil/domain/leads/origin';

import { useLoadedUnitData } from '../../../lib/unit-data.ts';

const DETAIL_FIELDS = [
  ['form_id', 'Formulário'],
  ['leadgen_id', 'Lead Ads (id)'],
  ['utm_source', 'utm_source'],
  ['utm_medium', 'utm_medium'],
  ['utm_campaign', 'utm_campaign'],
  ['utm_content', 'utm_content'],
  ['utm_term', 'utm_term'],
  ['fbclid', 'fbclid'],
  ['gclid', 'gclid'],
] as const satisfies readonly (readonly [keyof LeadOrigin, string])[];

/** What a click-to-WhatsApp message told of its ad (issue 23 §3), as kept in informacoesExtra. */
const AD_REPLY_FIELDS = [
  [CTWA_EXTRA_FIELDS.title, 'Título do anúncio'],
  [CTWA_EXTRA_FIELDS.body, 'Texto do anúncio'],
  [CTWA_EXTRA_FIELDS.sourceUrl, 'Link do anúncio'],
  [CTWA_EXTRA_FIELDS.sourceId, 'ID do anúncio informado'],
  [CTWA_EXTRA_FIELDS.ctwaClid, 'ctwa_clid'],
] as const;

function Item({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-field={label} sx={{ minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {label}:
      </Box>{' '}
      <Box component="span" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </Typography>
  );
}

function Touch({ origin, platforms }: { origin: LeadOrigin; platforms: readonly { id: number; nome: string }[] }) {
  const platform = platforms.find((p) => p.id === origin.plataforma)?.nome;
  const path = adPathOf(origin);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 0.5 }}>
      <Item label="Canal" value={LEAD_CHANNEL_LABELS[origin.canal]} />
      <Item label="Em" value={formatDateTime(origin.em) || '—'} />
      {platform && <Item label="Plataforma" value={platform} />}
      {path && <Item label="Campanha > Conjunto > Anúncio" value={path} />}
      {origin.certeza && <Item label="Atribuição" value={ATTRIBUTION_CERTAINTY_LABELS[origin.certeza]} />}
      {DETAIL_FIELDS.map(([field, label]) => {
        const value = origin[field];
        return typeof value === 'string' && value !== '' ? <Item key={field} label={label} value={value} /> : null;
      })}
    </Box>
  );
}

function AdReplyFacts({ extras }: { extras: Record<string, unknown> }) {
  const items = AD_REPLY_FIELDS.flatMap(([key, label]) => {
    const value = extras[key];
    return typeof value === 'string' && value !== '' ? [<Item key={key} label={label} value={value} />] : [];
  });
  if (items.length === 0) return null;
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div">
        Anúncio do WhatsApp
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 0.5 }}
      >
        {items}
      </Box>
    </>
  );
}

/** The "Origem" section's body: the last touch, and the first when it differs; the WhatsApp ad's facts. */
export function LeadOriginFacts({
  origem,
  extras,
}: {
  origem: LeadOrigins | undefined;
  /** The lead's informacoesExtra (the click-to-WhatsApp ad's title, text, link, click id). */
  extras?: Record<string, unknown> | null | undefined;
}) {
  const unit = useLoadedUnitData();
  const last = origem?.ultimo ?? origem?.primeiro ?? null;
  if (!last) return <Typography color="text.secondary">Origem não registrada (lead anterior ao registro de origem).</Typography>;
  const first = origem?.primeiro ?? null;
  const reentered = first !== null && first.em !== last.em;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {reentered && (
        <Typography variant="caption" color="text.secondary" component="div">
          Último contato
        </Typography>
      )}
      <Touch origin={last} platforms={unit.plataformas} />
      {reentered && (
        <>
          <Typography variant="caption" color="text.secondary" component="div">
            Primeiro contato
          </Typography>
          <Touch origin={first} platforms={unit.plataformas} />
        </>
      )}
      {extras && <AdReplyFacts extras={extras} />}
    </Box>
  );
}
