// The ticket value input (000 §5): currency with the prefix 'R$ ', '.' for thousands and ',' for
// decimals; every digit typed shifts in from the right as cents (maskBRLInput).
import { TextField, type TextFieldProps } from '@mui/material';

import { maskBRLInput } from '@funil/domain/format/currency';

type TicketInputProps = Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onChange: (masked: string) => void };

export function TicketInput({ value, onChange, label = 'Valor do ticket', ...props }: TicketInputProps) {
  return (
    <TextField
      {...props}
      label={label}
      value={value}
      placeholder="R$ 0,00"
      onChange={(event) => onChange(maskBRLInput(event.target.value))}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
