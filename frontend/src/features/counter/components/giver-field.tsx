import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { personKey, personLabel, usePeopleSearch } from '../api/counter';
import type { CounterPerson } from '@/types/api';
import type { DraftGiver } from '../lib/check-batch';

const shown = (giver: DraftGiver) => (giver.kind === 'new' ? giver.name : giver.label);

/**
 * Who wrote the check: the name typed (a new walk-in), or a member or a walk-in who gave before,
 * chosen from what the search finds as one types (so their gifts add up on one record).
 */
export function GiverField({
  label,
  giver,
  onChange,
  disabled,
  error,
  autoFocus,
}: {
  label: string;
  giver: DraftGiver;
  onChange: (giver: DraftGiver) => void;
  disabled: boolean;
  error?: string;
  autoFocus?: boolean;
}) {
  const [debounced, setDebounced] = useState('');
  const typed = giver.kind === 'new' ? giver.name : '';
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(typed), 150);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const { people, isLoading } = usePeopleSearch(debounced);
  return (
    <Autocomplete<CounterPerson, false, false, true>
      freeSolo
      options={giver.kind === 'new' ? people : []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : personLabel(option))}
      getOptionKey={(option) => (typeof option === 'string' ? option : personKey(option))}
      inputValue={shown(giver)}
      onInputChange={(_, value, reason) => {
        // Typing (or clearing) makes it a name again; choosing an option is handled below.
        if (reason === 'input' || reason === 'clear') onChange({ kind: 'new', name: value });
      }}
      onChange={(_, picked) => {
        if (picked === null || typeof picked === 'string') return;
        if (picked.member) onChange({ kind: 'member', userId: picked.member.id, label: personLabel(picked) });
        else if (picked.walkIn) onChange({ kind: 'returning', donorId: picked.walkIn.id, label: personLabel(picked) });
      }}
      loading={isLoading}
      disabled={disabled}
      autoHighlight={false}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? (giver.kind === 'new' ? 'A name, or choose someone found' : giver.kind === 'member' ? 'A member' : 'A walk-in who gave before')}
        />
      )}
    />
  );
}
