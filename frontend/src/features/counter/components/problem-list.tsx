import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** What still stops a sale or a batch from being sent, as a list announced to screen readers; nothing when empty. */
export function ProblemList({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" role="alert">
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </Box>
    </Alert>
  );
}
