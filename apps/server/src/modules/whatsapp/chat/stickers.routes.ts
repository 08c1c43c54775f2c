// GET /api/whatsapp/figurinhas: the stickers and GIFs the unit has sent or received, for the
// composer's picker (issue 9). Only files of leads the session may open (issue 7 §1), so every
// listed file also opens through GET /api/whatsapp/midia/{id}.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorBodySchema } from '@funil/domain/http/errors';
import { STICKER_PICKER_LIMIT, unitStickersResponseSchema, type UnitSticker } from '@funil/domain/whatsapp-api/stickers-api';

import { sessionOf } from '../../auth/auth.plugin.ts';
import type { WhatsappContext } from '../whatsapp-context.ts';
import { leadOfUnit } from './chat.service.ts';
import { listUnitStickers } from './message-store.repository.ts';
import { mediaUrlOf } from './message-view.ts';

// Rows read to fill the picker after the unseen leads' files are dropped.
const SCAN = STICKER_PICKER_LIMIT * 3;

export const stickersRoutes: FastifyPluginAsyncZod<{ ctx: WhatsappContext }> = async (app, { ctx }) => {
  app.get(
    '/whatsapp/figurinhas',
    {
      config: { access: ['/whatsapp-v3', '/whatsappv2', '/whatsapp'] },
      schema: { response: { 200: unitStickersResponseSchema, 401: errorBodySchema, 403: errorBodySchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      const rows = await listUnitStickers(ctx.db, { idEmpresa: session.empresaId, idUnidade: session.unidadeId }, SCAN);
      const visible = new Map<number, boolean>();
      for (const id of new Set(rows.map((r) => r.cliCrmId))) {
        visible.set(
          id,
          await leadOfUnit(ctx, session, id).then(
            () => true,
            () => false,
          ),
        );
      }
      const seen = new Set<string>();
      const data: UnitSticker[] = [];
      for (const row of rows) {
        const url = mediaUrlOf(row);
        if (!url || !visible.get(row.cliCrmId)) continue;
        // The same sticker sent again keeps one place (the gateway names files by their content).
        const same = row.fileName ? `${row.fileName}:${row.mimetype ?? ''}` : null;
        if (same && seen.has(same)) continue;
        if (same) seen.add(same);
        data.push({ id: row.id, kind: row.mediaType === 'sticker' ? 'sticker' : 'gif', mimetype: row.mimetype, mediaUrl: url });
        if (data.length === STICKER_PICKER_LIMIT) break;
      }
      return { data };
    },
  );
};
