// POST /login (000 §7) and the messages of 000 §8 for each way it can fail.
import { useMutation } from '@tanstack/react-query';

import { LOGIN_MESSAGES, loginResponseSchema, type LoginBody } from '@funil/domain/auth/login';

import { ApiError } from '../../../lib/api-error.ts';
import { apiRequest } from '../../../lib/http-client.ts';
import { startSession } from '../../../lib/session.ts';

async function login(body: LoginBody): Promise<void> {
  const data = await apiRequest('/login', { method: 'POST', body, schema: loginResponseSchema.shape.data, public: true });
  await startSession(data);
}

/** The text the login screen shows for a failed attempt (000 §8 "Login 401 / 500 / other"). */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_MESSAGES.unexpected;
  if (error.status === 401) return LOGIN_MESSAGES.invalid;
  if (error.status === 500) return LOGIN_MESSAGES.server;
  // 429: the server's own words say how long to wait.
  if (error.status === 429) return error.message;
  return LOGIN_MESSAGES.unexpected;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
