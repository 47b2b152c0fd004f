import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Role } from '@/types/api';
import { roleOptions, sortRoles } from '../lib/roles';

type Props = {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  disabled?: boolean;
  /** A message under the boxes (e.g. "Choose at least one role"). */
  error?: string;
};

/** One checkbox per staff role, each with what the role may do. */
export function RoleCheckboxes({ value, onChange, disabled = false, error }: Props) {
  const id = useId();
  const toggle = (role: Role, on: boolean) => onChange(sortRoles(on ? [...value, role] : value.filter((r) => r !== role)));
  return (
    <FormControl component="fieldset" variant="standard" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Roles
      </FormLabel>
      <Box sx={{ display: 'grid', gap: 0.75 }}>
        {roleOptions.map((r) => {
          const descriptionId = `${id}-${r.value}`;
          return (
            <Box key={r.value}>
              <FormControlLabel
                sx={{ mr: 0 }}
                control={
                  <Checkbox
                    size="small"
                    checked={value.includes(r.value)}
                    onChange={(e) => toggle(r.value, e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': descriptionId } }}
                  />
                }
                label={r.label}
              />
              <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ pl: 3.75, mt: -0.5 }}>
                {r.description}
              </Typography>
            </Box>
          );
        })}
      </Box>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
