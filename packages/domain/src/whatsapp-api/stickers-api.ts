// GET /api/whatsapp/figurinhas (issue 9 composer): the stickers and GIFs the unit has sent or
// received, newest first, for the composer's sticker/GIF picker (no outside service).
import { z } from 'zod';

/** How many the picker shows. */
export const STICKER_PICKER_LIMIT = 60;

export const unitStickerSchema = z.object({
  /** The message that carried it; its file is GET /api/whatsapp/midia/{id}. */
  id: z.number().int(),
  kind: z.enum(['sticker', 'gif']),
  mimetype: z.string().nullable(),
  mediaUrl: z.string(),
});
export type UnitSticker = z.infer<typeof unitStickerSchema>;

export const unitStickersResponseSchema = z.object({ data: z.array(unitStickerSchema) });
