// POST chat/whatsappNumbers/{instance} (001 §7; v3): whether the lead's number is on WhatsApp, for
// 'Lead sem WhatsApp!' (001 §5, §8). The server caches the answer 30 minutes; so does the browser.
import { useQuery } from '@tanstack/react-query';

import type { UnitData } from '@funil/domain/unit/unit-data';
import { whatsappNumbersResponseSchema } from '@funil/domain/whatsapp-api/gateway-api';

import { http } from '../../../lib/http-client.ts';

/** 001 §9: number-resolution cache, 30 minutes. */
const NUMBER_CACHE_MS = 1_800_000;

/** The instance a lead talks through: its own, else the first open one, else none. */
export function instanceNameFor(unit: Pick<UnitData, 'instancias_evolution'>, instanceId: number | null): string | null {
  const instances = unit.instancias_evolution;
  const own = instances.find((instance) => instance.id === instanceId);
  return (own ?? instances.find((instance) => instance.connectionStatus === 'open'))?.name ?? null;
}

export function useWhatsappExists(instance: string | null, phone: string, enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'whatsapp-number', instance, phone],
    queryFn: async () => {
      const [answer] = await http.post(
        `/chat/whatsappNumbers/${encodeURIComponent(instance ?? '')}`,
        { numbers: [phone] },
        whatsappNumbersResponseSchema,
      );
      return answer?.exists ?? false;
    },
    enabled: enabled && instance !== null && phone.trim() !== '',
    staleTime: NUMBER_CACHE_MS,
    retry: false,
  });
}
