// GET /api/whatsapp/figurinhas: the stickers and GIFs of the unit for the composer's picker.
import { useQuery } from '@tanstack/react-query';

import { unitStickersResponseSchema } from '@funil/domain/whatsapp-api/stickers-api';

import { http } from '../../../lib/http-client.ts';
import { getAuth } from '../../../lib/session.ts';

export const stickersKey = ['chat-stickers'] as const;

export function useUnitStickers(enabled: boolean) {
  return useQuery({
    queryKey: stickersKey,
    queryFn: ({ signal }) => http.get('/whatsapp/figurinhas', unitStickersResponseSchema.shape.data, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** A listed file as a data URL, to be sent again as a sticker or image. */
export async function stickerDataUrl(mediaUrl: string): Promise<{ dataUrl: string; mimetype: string }> {
  const auth = getAuth();
  const response = await fetch(mediaUrl, { headers: auth.isLoggedIn ? { authorization: `Bearer ${auth.token}` } : {} });
  if (!response.ok) throw new Error('Mídia indisponível');
  const blob = await response.blob();
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('leitura')));
    reader.onerror = () => reject(new Error('leitura'));
    reader.readAsDataURL(blob);
  });
  return { dataUrl, mimetype: blob.type || 'image/webp' };
}
