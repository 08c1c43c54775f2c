// PUT cadastros/configuracoes-notificacoes (001 §7): the user's `notificacoes` setting (001 §6:
// on unless disabled). The unit data carries it, so it is read again once saved.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../../lib/http-client.ts';
import { unitDataQuery } from '../../../lib/unit-data.ts';

export function useSetNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificacoes: boolean) =>
      apiRequest('/cadastros/configuracoes-notificacoes', { method: 'PUT', body: { configuracoes: { notificacoes } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitDataQuery.queryKey }),
  });
}
