// 000 §5 login validation messages.
import { describe, expect, it } from 'vitest';

import { LOGIN_MESSAGES, loginBodySchema } from './login.ts';

const firstMessage = (input: unknown) => {
  const r = loginBodySchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('000 §5 login validation', () => {
  it("'Email é obrigatório' when the email is empty", () =>
    expect(firstMessage({ email: '  ', senha: 'ab' })).toBe(LOGIN_MESSAGES.emailRequired));
  it('the email must be a valid email', () =>
    expect(firstMessage({ email: 'fulano@', senha: 'ab' })).toBe(LOGIN_MESSAGES.emailInvalid));
  it("'Senha é obrigatório' when the password is empty", () =>
    expect(firstMessage({ email: 'a@b.co', senha: '' })).toBe('Senha é obrigatório'));
  it('the password needs at least 2 characters', () =>
    expect(firstMessage({ email: 'a@b.co', senha: 'a' })).toBe(LOGIN_MESSAGES.passwordShort));
  it('remember defaults to checked', () => expect(loginBodySchema.parse({ email: 'a@b.co', senha: 'ab' }).lembrar).toBe(true));
  it('trims the email', () => expect(loginBodySchema.parse({ email: ' a@b.co ', senha: 'ab' }).email).toBe('a@b.co'));
});
