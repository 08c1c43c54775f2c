import { FormControlLabel, Switch } from '@mui/material';

/** 000 §2: the daily bar charts each have a stack toggle. */
export function StackToggle({
  checked,
  onChange,
  chart,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  chart: string;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': `Empilhar: ${chart}` } }}
        />
      }
      label="Empilhar"
      slotProps={{ typography: { variant: 'caption' } }}
      sx={{ mr: 1 }}
    />
  );
}
