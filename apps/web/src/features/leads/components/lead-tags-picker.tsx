// The lead's tags (001 §2, §5, §7): a multi-select with coloured chips; a typed name is offered
// as 'Adicionar "x"' and created with a random palette colour (001 §3), then linked.
import { Autocomplete, Box, createFilterOptions, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { TAG_API_MESSAGES } from '@funil/domain/leads-api/messages';
import { randomTagColor } from '@funil/domain/leads/negotiation';

import { ColorChip } from '../../../components/ui/color-chip.tsx';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';
import { fullContactQuery } from '../api/get-full-contact.ts';
import { applyLeadChange } from '../api/lead-cache.ts';
import { unitTagsKey } from '../api/lead-keys.ts';
import { addLeadTags, createTag, removeLeadTag, useUnitTags } from '../api/tags.ts';

type TagOption = { id: number; nome: string; cor: string; create?: true };
type TagChange = { add: TagOption[]; remove: number[] };

const filter = createFilterOptions<TagOption>();

export function LeadTagsPicker({ lead }: { lead: CrmContato }) {
  const unit = useLoadedUnitData();
  const tags = useUnitTags();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [input, setInput] = useState('');
  const options: TagOption[] = tags.data ?? unit.tags;
  const id = lead.cli_crm_id;

  const change = useMutation({
    mutationFn: async ({ add, remove }: TagChange) => {
      const ids: number[] = [];
      for (const option of add) {
        if (option.create) {
          const created = await createTag(option.nome, randomTagColor());
          void queryClient.invalidateQueries({ queryKey: unitTagsKey });
          ids.push(created.id);
        } else ids.push(option.id);
      }
      if (ids.length > 0) await addLeadTags(id, ids);
      for (const tagId of remove) await removeLeadTag(id, tagId);
      return { added: ids.length > 0 };
    },
    onSuccess: ({ added }) =>
      enqueueSnackbar(added ? TAG_API_MESSAGES.assigned : TAG_API_MESSAGES.removed, { variant: 'success' }),
    onError: () => enqueueSnackbar(TAG_API_MESSAGES.assignError, { variant: 'error' }),
    // The lead's tags as the server has them now, right or wrong.
    onSettled: async () => {
      const full = await queryClient.fetchQuery({ ...fullContactQuery(id), staleTime: 0 }).catch(() => null);
      if (full) applyLeadChange(queryClient, id, full.crm_contato_completo);
    },
  });

  const value: TagOption[] = lead.tags;
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      disabled={change.isPending}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(option) => option.nome}
      filterOptions={(all, state) => {
        const found = filter(all, state);
        const typed = state.inputValue.trim();
        const exists = all.some((option) => option.nome.localeCompare(typed, 'pt-BR', { sensitivity: 'base' }) === 0);
        const creation: TagOption = { id: -1, nome: typed, cor: '#9e9e9e', create: true };
        return typed !== '' && !exists ? [...found, creation] : found;
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
            {option.create ? (
              `Adicionar "${option.nome}"`
            ) : (
              <>
                <Box
                  component="span"
                  sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: option.cor, flexShrink: 0 }}
                  aria-hidden
                />
                {option.nome}
              </>
            )}
          </Box>
        );
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <ColorChip key={key} {...itemProps} color={tag.cor} label={tag.nome} />;
        })
      }
      onChange={(_event, next) => {
        const before = new Set(value.map((tag) => tag.id));
        const after = new Set(next.map((tag) => tag.id));
        setInput('');
        change.mutate({
          add: next.filter((tag) => !before.has(tag.id)),
          remove: value.filter((tag) => !after.has(tag.id)).map((tag) => tag.id),
        });
      }}
      noOptionsText="Digite para criar uma tag"
      renderInput={(params) => (
        <TextField {...params} label="Tags" placeholder={value.length === 0 ? 'Adicionar tag' : undefined} />
      )}
    />
  );
}
