import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { id: string; title: string; subtitle?: string; children: ReactNode; tinted?: boolean };

/** A home-page section with a centred heading. */
export function Section({ id, title, subtitle, children, tinted = false }: Props) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-heading`}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: tinted ? 'action.hover' : undefined }}
    >
      <Container>
        <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
          <Typography id={`${id}-heading`} component="h2" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mt: 1, fontSize: '1.1rem' }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
