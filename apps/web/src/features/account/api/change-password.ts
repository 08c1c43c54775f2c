// PUT /api/usuario/senha (issue 10 "A user can change their own password"; docs/api.md).
import { useMutation } from '@tanstack/react-query';

import type { PasswordChange } from '@funil/domain/admin-api/password';

import { apiRequest } from '../../../lib/http-client.ts';

export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordChange) => apiRequest('/usuario/senha', { method: 'PUT', body }) });
}
