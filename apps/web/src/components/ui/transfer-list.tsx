// Two lists side by side, "available" and "used", with buttons that move the checked items across
// (002 §4 "Settings rule": transfer lists move statuses between available and used).
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Checkbox, List, ListItemButton, ListItemIcon, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';

export type TransferItem = { id: number; nome: string; cor?: string | null };

type TransferListProps = {
  /** Names the group for screen readers and the tests, e.g. 'Regra da fila 1'. */
  label: string;
  /** Every item that may be used, in the order to show. */
  items: readonly TransferItem[];
  /** Ids currently used, in their order. */
  used: readonly number[];
  onChange: (used: number[]) => void;
  disabled?: boolean;
  /** 'h6' when the list is a section of its own, with no heading above it. */
  titleVariant?: 'subtitle1' | 'h6';
};

function Side({
  title,
  items,
  checked,
  toggle,
  disabled,
}: {
  title: string;
  items: readonly TransferItem[];
  checked: ReadonlySet<number>;
  toggle: (id: number) => void;
  disabled?: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0 }} role="group" aria-label={title}>
      <Typography variant="subtitle2" sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {title} ({items.length})
      </Typography>
      <List dense sx={{ height: 176, overflow: 'auto', py: 0 }}>
        {items.length === 0 && (
          <Typography sx={{ px: 1.5, py: 1, color: 'text.secondary', fontSize: '0.875rem' }}>Nenhum status</Typography>
        )}
        {items.map((item) => (
          <ListItemButton key={item.id} onClick={() => toggle(item.id)} disabled={disabled} sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <Checkbox
                edge="start"
                size="small"
                checked={checked.has(item.id)}
                tabIndex={-1}
                disableRipple
                slotProps={{ input: { 'aria-label': item.nome } }}
              />
            </ListItemIcon>
            {item.cor && (
              <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: item.cor, mr: 1, flexShrink: 0 }} />
            )}
            <ListItemText primary={item.nome} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

export function TransferList({ label, items, used, onChange, disabled, titleVariant = 'subtitle1' }: TransferListProps) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const usedSet = new Set(used);
  const byId = new Map(items.map((item) => [item.id, item]));
  const usedItems = used.map((id) => byId.get(id)).filter((item): item is TransferItem => item !== undefined);
  const available = items.filter((item) => !usedSet.has(item.id));
  const checkedAvailable = available.filter((item) => checked.has(item.id)).map((item) => item.id);
  const checkedUsed = usedItems.filter((item) => checked.has(item.id)).map((item) => item.id);

  const toggle = (id: number) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const move = (ids: number[], toUsed: boolean) => {
    const moving = new Set(ids);
    onChange(
      toUsed ? [...usedItems.map((item) => item.id), ...ids] : usedItems.map((item) => item.id).filter((id) => !moving.has(id)),
    );
    setChecked((current) => new Set([...current].filter((id) => !moving.has(id))));
  };

  return (
    <Box role="group" aria-label={label}>
      <Typography variant={titleVariant} component="h3" sx={titleVariant === 'h6' ? { mb: 2 } : { mb: 1, fontWeight: 600 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'stretch' }}>
        <Side title="Disponíveis" items={available} checked={checked} toggle={toggle} disabled={disabled} />
        <Stack direction={{ xs: 'row', sm: 'column' }} spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
          <Button
            variant="outlined"
            size="small"
            aria-label={`Usar os selecionados em ${label}`}
            disabled={disabled || checkedAvailable.length === 0}
            onClick={() => move(checkedAvailable, true)}
          >
            <ChevronRightIcon />
          </Button>
          <Button
            variant="outlined"
            size="small"
            aria-label={`Deixar de usar os selecionados em ${label}`}
            disabled={disabled || checkedUsed.length === 0}
            onClick={() => move(checkedUsed, false)}
          >
            <ChevronLeftIcon />
          </Button>
        </Stack>
        <Side title="Usados" items={usedItems} checked={checked} toggle={toggle} disabled={disabled} />
      </Stack>
    </Box>
  );
}
