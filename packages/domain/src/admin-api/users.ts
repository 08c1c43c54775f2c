// Users administration (002 §2.10 'Usuários', §3 'User', §5 'User', §6; 000 §6) and the
// permission levels: nobody gives anyone a permission above their own (issue 10).
import { z } from 'zod';

import { PERMISSION_NAME, PERMISSIONS, type Permission } from '../access/roles.ts';
import { idSchema } from '../http/ids.ts';
import {
  emailField,
  MISSING_FIELDS,
  naturalField,
  passwordField,
  REQUIRED,
  requiredText,
  selectedId,
  switchField,
} from './fields.ts';

export const USER_MESSAGES = {
  required: REQUIRED,
  missing: MISSING_FIELDS,
  emailTaken: 'Este email já está cadastrado.',
  /** issue 21 item 7: an admin meeting taken e-mails over and over (a sweep for accounts) waits. */
  tooManyTaken: 'Muitas tentativas com emails já cadastrados. Aguarde alguns minutos e tente novamente.',
  aboveOwnLevel: 'Você não pode atribuir uma permissão acima da sua.',
  otherUnit: 'Você não pode gerenciar usuários desta unidade.',
  higherUser: 'Você não pode alterar um usuário com permissão acima da sua.',
  ownDeactivation: 'Você não pode desativar o próprio usuário.',
  ownPermission: 'Você não pode alterar a própria permissão.',
  unitInactive: 'A unidade escolhida está desativada.',
  created: 'Usuário cadastrado com sucesso!',
  updated: 'Usuário editado com sucesso!',
} as const;

/**
 * The permissions each permission may give (issue 10: nobody raises anyone above their own
 * level). The super-admin gives any; a company admin any below the super-admin; a unit admin the
 * roles bound to one unit (attendant, manager, unit admin), not the multi-unit ones.
 */
const ASSIGNABLE: Record<Permission, readonly Permission[]> = {
  sa: PERMISSIONS,
  ag: ['u', 'm', 'mg', 'a', 'ag'],
  a: ['u', 'm', 'a'],
  m: [],
  mg: [],
  u: [],
};

/** The permissions `caller` may give, in the order of the permission list. */
export function assignablePermissions(caller: Permission): Permission[] {
  return PERMISSIONS.filter((p) => ASSIGNABLE[caller].includes(p));
}

/** Whether `caller` may give `target` (and so edit a user who holds it). */
export function canAssignPermission(caller: Permission, target: string): target is Permission {
  return (ASSIGNABLE[caller] as readonly string[]).includes(target);
}

/** GET cadastros/permissoes: the server's permission list for the user form (002 §6), filtered by the caller. */
export const permissionsListSchema = z.object({ data: z.array(z.object({ permissao: z.enum(PERMISSIONS), nome: z.string() })) });
export const permissionOptions = (caller: Permission) =>
  assignablePermissions(caller).map((permissao) => ({ permissao, nome: PERMISSION_NAME[permissao] }));

const permissionField = z.preprocess(
  (v) => (v === -1 || v === '-1' || v === '' ? undefined : v),
  z.enum(PERMISSIONS, { error: REQUIRED }),
);
/** 002 §3 'User': ativo 1 active, -1 inactive. */
const userActiveField = z
  .union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1'), z.boolean()], { error: REQUIRED })
  .transform((v) => (v === 1 || v === '1' || v === true ? (1 as const) : (-1 as const)));
const colourField = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida.');

const userFields = {
  nome: requiredText(REQUIRED),
  email: emailField,
  idUnidade: selectedId(REQUIRED),
  permissao: permissionField,
  ativo: userActiveField.default(1),
  acesso_atribuidos: switchField.default(0),
  excluir_leads: switchField.default(0),
  /** The webphone extension (002 §3; docs/decisions.md: shown to admins, 0 = none). */
  idRamal: naturalField('Ramal inválido.').default(0),
  habilita_mensagem_whatsapp: switchField.default(0),
  cor: colourField.optional(),
};

/** POST cadastros/usuarios. */
export const userCreateSchema = z.object({ ...userFields, senha: passwordField });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PUT cadastros/usuarios: every field but the password; a blank password keeps the current one. */
export const userUpdateSchema = z.object({
  id: idSchema(),
  ...userFields,
  ativo: userActiveField,
  acesso_atribuidos: switchField,
  excluir_leads: switchField,
  idRamal: naturalField('Ramal inválido.').optional(),
  habilita_mensagem_whatsapp: switchField.optional(),
  senha: z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordField.optional()),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** PUT cadastros/usuarios/ativo: the table's activate/deactivate action (002 §4). */
export const userActiveSchema = z.object({ id: idSchema(), ativo: userActiveField });
export type UserActive = z.infer<typeof userActiveSchema>;

/** GET cadastros/usuarios?idEmpresa=: the super-admin may list another company's users. */
export const usersQuerySchema = z.object({ idEmpresa: idSchema('Empresa não encontrada.').optional() });
