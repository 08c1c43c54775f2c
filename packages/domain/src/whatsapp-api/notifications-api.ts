// PUT cadastros/configuracoes-notificacoes (001 §7 "Lead list and lead record", §6 "Notifications"):
// the user's own notifications switch, kept in configuracoesUsuario.notificacoes (default on).
import { z } from 'zod';

export const NOTIFICATION_MESSAGES = {
  invalid: 'Informe se as notificações ficam ligadas ou desligadas.',
  on: 'Notificações ativadas.',
  off: 'Notificações desativadas.',
} as const;

/** Body {configuracoes: {notificacoes}}; 0/1 are read as the switch too. */
export const notificationSettingsBodySchema = z.object({
  configuracoes: z.object(
    {
      notificacoes: z
        .union([z.boolean(), z.literal(0), z.literal(1)], { error: NOTIFICATION_MESSAGES.invalid })
        .transform((v) => v === true || v === 1),
    },
    { error: NOTIFICATION_MESSAGES.invalid },
  ),
});
export type NotificationSettingsBody = z.input<typeof notificationSettingsBodySchema>;

/** The answer: the message and the user's whole configuracoes after the change (a JSON string, as dados_usuario has it). */
export const notificationSettingsResponseSchema = z.object({
  message: z.string(),
  data: z.object({ notificacoes: z.boolean(), configuracoes: z.string() }),
});

/** 001 §6: notifications are on unless the user turned them off. */
export function notificationsOn(configuracoes: { notificacoes?: boolean | undefined }): boolean {
  return configuracoes.notificacoes !== false;
}
