// Form fields bound to react-hook-form for the admin dialogs: the field's error message (the domain
// schema's Portuguese text) shows under it.
import { FormControlLabel, MenuItem, Switch, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type Bound<T extends FieldValues> = {
  // The form's transformed (output) type does not matter to a field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
};

type TextProps<T extends FieldValues> = Bound<T> &
  Pick<
    TextFieldProps,
    'type' | 'required' | 'autoFocus' | 'placeholder' | 'multiline' | 'minRows' | 'disabled' | 'autoComplete'
  > & {
    helperText?: ReactNode;
    /** Numbers are kept as numbers ('' while empty, so the schema says what is missing). */
    numeric?: boolean;
    /** Adornment before the value, e.g. 'R$'. */
    prefix?: string;
    step?: string;
    /** Rewrites what is typed, e.g. the BRL mask 'R$ 1.234,50'. */
    mask?: (typed: string) => string;
  };

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  numeric,
  prefix,
  step,
  mask,
  helperText,
  ...props
}: TextProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(event) => {
            const raw = event.target.value;
            field.onChange(numeric ? (raw === '' ? '' : Number(raw)) : mask ? mask(raw) : raw);
          }}
          type={numeric ? 'number' : props.type}
          label={label}
          size="small"
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            htmlInput: numeric ? { step: step ?? 'any', inputMode: 'decimal' } : undefined,
            input: prefix
              ? { startAdornment: <span style={{ marginRight: 6, color: 'rgba(0,0,0,0.6)' }}>{prefix}</span> }
              : undefined,
          }}
        />
      )}
    />
  );
}

export type SelectOption = { value: string | number; label: string };

type SelectProps<T extends FieldValues> = Bound<T> & {
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** 002 §5: -1 is the unselected placeholder ('Selecione'). */
  placeholder?: string;
};

export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
  placeholder,
}: SelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? -1}
          onChange={(event) => {
            const raw = event.target.value;
            const option = options.find((o) => String(o.value) === raw);
            field.onChange(option ? option.value : typeof field.value === 'number' ? Number(raw) : raw);
          }}
          label={label}
          required={required}
          disabled={disabled}
          size="small"
          fullWidth
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        >
          {placeholder !== undefined && (
            <MenuItem value={-1} disabled>
              {placeholder}
            </MenuItem>
          )}
          {options.map((option) => (
            <MenuItem key={String(option.value)} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

type SwitchProps<T extends FieldValues> = Bound<T> & {
  /** The stored values of on and off (002 §3: 1/0 or 1/-1); booleans when absent. */
  on?: number;
  off?: number;
  disabled?: boolean;
};

export function FormSwitch<T extends FieldValues>({ control, name, label, on, off, disabled }: SwitchProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              name={field.name}
              checked={on === undefined ? field.value === true : field.value === on}
              onChange={(event) =>
                field.onChange(on === undefined ? event.target.checked : event.target.checked ? on : (off ?? 0))
              }
            />
          }
        />
      )}
    />
  );
}

type LoginFieldsValues = { nome: unknown; email: unknown; senha?: unknown };

/**
 * Nome, Email and Senha of a person who logs in (Usuários, Parceiros; 002 §5): on edit the password may stay
 * blank to keep the current one.
 */
export function LoginFields<T extends FieldValues & LoginFieldsValues>({
  control,
  isEdit,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: Control<T, any, any>;
  isEdit: boolean;
}) {
  return (
    <>
      <FormTextField control={control} name={'nome' as Path<T>} label="Nome" required autoFocus />
      <FormTextField control={control} name={'email' as Path<T>} label="Email" type="email" required autoComplete="off" />
      <FormTextField
        control={control}
        name={'senha' as Path<T>}
        label="Senha"
        type="password"
        required={!isEdit}
        autoComplete="new-password"
        helperText={isEdit ? 'Deixe em branco para manter a senha atual.' : 'No mínimo 8 caracteres.'}
      />
    </>
  );
}
