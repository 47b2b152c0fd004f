import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useGotrams } from '@/lib/gotrams';
import { NAKSHATRAMS, RASIS } from '../lib/sankalpam';
import type { PersonValues } from '../schemas';
import { t } from '../i18n';

type Props = {
  /** Prefix of the inputs' ids and names, e.g. `people.0.`. */
  prefix: string;
  value: PersonValues;
  errors?: Partial<Record<keyof PersonValues, string>>;
  onChange: (field: keyof PersonValues, value: string) => void;
  autoFocus?: boolean;
};

function Suggest({
  id,
  label,
  options,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  options: readonly string[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Autocomplete
      freeSolo
      id={id}
      options={options}
      inputValue={value}
      onInputChange={(_, v) => onChange(v)}
      renderInput={(params) => <TextField {...params} name={id} label={label} error={Boolean(error)} helperText={error} />}
    />
  );
}

/** Name, gotram (the profile's list or the member's own), nakshatram and rasi of one person. */
export function PersonFields({ prefix, value, errors, onChange, autoFocus }: Props) {
  const { gotrams } = useGotrams();
  const gotramNames = Array.from(new Set(gotrams.map((g) => g.gotranamalu))).sort();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        id={`${prefix}name`}
        name={`${prefix}name`}
        label={t('sevas.person.name')}
        required
        autoFocus={autoFocus}
        value={value.name}
        onChange={(e) => onChange('name', e.target.value)}
        error={Boolean(errors?.name)}
        helperText={errors?.name}
      />
      <Suggest id={`${prefix}gotram`} label={t('sevas.person.gotram')} options={gotramNames} value={value.gotram} error={errors?.gotram} onChange={(v) => onChange('gotram', v)} />
      <Suggest id={`${prefix}nakshatram`} label={t('sevas.person.nakshatram')} options={NAKSHATRAMS} value={value.nakshatram} error={errors?.nakshatram} onChange={(v) => onChange('nakshatram', v)} />
      <Suggest id={`${prefix}rasi`} label={t('sevas.person.rasi')} options={RASIS} value={value.rasi} error={errors?.rasi} onChange={(v) => onChange('rasi', v)} />
    </Box>
  );
}
