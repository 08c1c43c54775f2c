// The catalogue's create and edit dialogs (002 §2.6 'Cadastrar Manualmente', 'Editar Campanha'; §5 'Campaign
// registry', 'Ad set and ad (catalogue)'): validated on change, Salvar disabled until valid (and, on edit,
// changed); the id is unique among the loaded rows and locked on edit; the ad's tags need at least one.
import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Checkbox, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { CATALOGUE_MESSAGES } from '@funil/domain/ads/catalogue';

import { ColorChip } from '../../../components/ui/color-chip.tsx';
import { DialogFrame, DialogShell } from '../../../components/ui/dialog-shell.tsx';

/** What a level names its id and name, and its texts (002 §5). */
export type LevelTexts = {
  idLabel: string;
  nameLabel: string;
  idRequired: string;
  idTaken: string;
  nameRequired: string;
};

type CreateProps = {
  open: boolean;
  title: string;
  texts: LevelTexts;
  /** The ids of the loaded rows: a new one must differ (002 §5). */
  takenIds: readonly string[];
  onClose: () => void;
  /** Saves; resolves false when it failed (the dialog stays open). */
  onSubmit: (value: { id: string; name: string }) => Promise<boolean>;
};

export function CatalogueCreateDialog({ open, title, texts, takenIds, onClose, onSubmit }: CreateProps) {
  return (
    <DialogShell open={open} onClose={onClose} maxWidth="xs" titleId="catalogue-create-title">
      {open && <CreateBody title={title} texts={texts} takenIds={takenIds} onClose={onClose} onSubmit={onSubmit} />}
    </DialogShell>
  );
}

function CreateBody({ title, texts, takenIds, onClose, onSubmit }: Omit<CreateProps, 'open'>) {
  const schema = z.object({
    id: z
      .string()
      .trim()
      .min(1, texts.idRequired)
      .refine((id) => !takenIds.includes(id), texts.idTaken),
    name: z.string().trim().min(1, texts.nameRequired),
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { id: '', name: '' },
    mode: 'onChange',
  });
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (value) => {
    if (await onSubmit(value)) onClose();
  });
  return (
    <DialogFrame
      title={title}
      titleId="catalogue-create-title"
      busy={busy}
      onSubmit={() => void submit()}
      primary={{ label: 'Salvar', disabled: !form.formState.isValid }}
      onCancel={onClose}
    >
      {(['id', 'name'] as const).map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={name === 'id' ? texts.idLabel : texts.nameLabel}
              required
              size="small"
              fullWidth
              autoFocus={name === 'id'}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      ))}
    </DialogFrame>
  );
}

type EditProps = {
  open: boolean;
  title: string;
  idLabel: string;
  nameLabel: string;
  current: { id: string; name: string } | null;
  onClose: () => void;
  onSubmit: (name: string) => Promise<boolean>;
};

/** 'Editar Campanha' and its siblings: the id read-only, the name not blank, Salvar once changed (002 §5). */
export function CatalogueEditDialog({ open, title, idLabel, nameLabel, current, onClose, onSubmit }: EditProps) {
  return (
    <DialogShell open={open} onClose={onClose} maxWidth="xs" titleId="catalogue-edit-title">
      {open && current && (
        <EditBody title={title} idLabel={idLabel} nameLabel={nameLabel} current={current} onClose={onClose} onSubmit={onSubmit} />
      )}
    </DialogShell>
  );
}

function EditBody({
  title,
  idLabel,
  nameLabel,
  current,
  onClose,
  onSubmit,
}: Omit<EditProps, 'open'> & { current: { id: string; name: string } }) {
  const schema = z.object({ name: z.string().trim().min(1, CATALOGUE_MESSAGES.blank) });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: current.name },
    mode: 'onChange',
  });
  const busy = form.formState.isSubmitting;
  const changed = useWatch({ control: form.control, name: 'name' }).trim() !== current.name;
  const submit = form.handleSubmit(async ({ name }) => {
    if (await onSubmit(name)) onClose();
  });
  return (
    <DialogFrame
      title={title}
      titleId="catalogue-edit-title"
      busy={busy}
      onSubmit={() => void submit()}
      primary={{ label: 'Salvar', disabled: !form.formState.isValid || !changed }}
      onCancel={onClose}
    >
      <TextField label={idLabel} value={current.id} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      <Controller
        control={form.control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label={nameLabel}
            required
            size="small"
            fullWidth
            autoFocus
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          />
        )}
      />
    </DialogFrame>
  );
}

type TagOption = { id: number; nome: string; cor: string };

type TagsProps = {
  open: boolean;
  tags: readonly TagOption[];
  /** Tags already linked and active: not offered again. */
  linked: readonly number[];
  onClose: () => void;
  onSubmit: (ids: number[]) => Promise<boolean>;
};

/** The ad's tags: at least one of the unit's tags (002 §5 'Ad tags'). */
export function AdTagsDialog({ open, tags, linked, onClose, onSubmit }: TagsProps) {
  const [chosen, setChosen] = useState<TagOption[]>([]);
  const [busy, setBusy] = useState(false);
  const [prevOpen, setPrevOpen] = useState(open);
  if (open !== prevOpen) {
    setPrevOpen(open);
    if (open) setChosen([]);
  }
  const options = tags.filter((t) => !linked.includes(t.id));
  const save = async () => {
    setBusy(true);
    try {
      if (await onSubmit(chosen.map((t) => t.id))) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogShell open={open} onClose={onClose} maxWidth="sm" titleId="ad-tags-title">
      <DialogFrame
        title="Cadastrar Tags do Anúncio"
        titleId="ad-tags-title"
        busy={busy}
        primary={{ label: 'Salvar', onClick: () => void save(), disabled: chosen.length === 0 }}
        onCancel={onClose}
      >
        <Autocomplete
          multiple
          disableCloseOnSelect
          options={options}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          getOptionLabel={(t) => t.nome}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText="Nenhuma tag disponível"
          renderOption={({ key, ...props }, option, { selected }) => (
            <li key={key} {...props}>
              <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
              <ColorChip color={option.cor} label={option.nome} />
            </li>
          )}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <ColorChip key={key} color={option.cor} label={option.nome} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Tags"
              required
              error={chosen.length === 0}
              helperText={chosen.length === 0 ? CATALOGUE_MESSAGES.tagsRequired : undefined}
            />
          )}
        />
      </DialogFrame>
    </DialogShell>
  );
}
