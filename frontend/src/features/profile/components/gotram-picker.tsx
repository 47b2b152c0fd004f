import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import type { Gotram } from '@/types/api';
import { t } from '../i18n';

/** 'nakshtram (rasi)' */
function starLabel(g: Gotram): string {
  return `${g.nakshtram} (${g.rasi})`;
}

/**
 * The gotram in two steps, each a searchable list: the gotra, then its nakshatram and rasi.
 * `value` is the chosen gotram's id (null for none); choosing another gotra clears the second step.
 */
export function GotramPicker({
  gotrams,
  value,
  onChange,
  loading = false,
}: {
  gotrams: readonly Gotram[];
  value: number | null;
  onChange: (id: number | null) => void;
  loading?: boolean;
}) {
  const selected = gotrams.find((g) => g.id === value) ?? null;
  const gotras = useMemo(() => [...new Set(gotrams.map((g) => g.gotranamalu))].sort((a, b) => a.localeCompare(b)), [gotrams]);
  const [gotra, setGotra] = useState<string | null>(selected?.gotranamalu ?? null);
  const shownGotra = selected?.gotranamalu ?? gotra;
  const stars = useMemo(() => gotrams.filter((g) => g.gotranamalu === shownGotra), [gotrams, shownGotra]);

  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
      <Autocomplete
        options={gotras}
        value={shownGotra}
        loading={loading}
        onChange={(_, next) => {
          setGotra(next);
          const only = gotrams.filter((g) => g.gotranamalu === next);
          // A gotra with one nakshatram/rasi needs no second choice.
          onChange(only.length === 1 ? only[0].id : null);
        }}
        renderInput={(params) => <TextField {...params} label={t('profile.gotra')} helperText={t('profile.typeToSearch')} />}
      />
      <Autocomplete
        options={stars}
        value={selected}
        disabled={!shownGotra}
        getOptionLabel={starLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, next) => onChange(next?.id ?? null)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('profile.star')}
            helperText={shownGotra ? t('profile.typeToSearch') : t('profile.chooseGotraFirst')}
            // The hint says what to do first, so it stays readable while the list is disabled.
            slotProps={{ ...params.slotProps, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
          />
        )}
      />
    </Box>
  );
}
