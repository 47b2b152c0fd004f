import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import { t } from './i18n';

/** Top of every page when GET /api/config says `staging` (loaded only then); in the flow, never over content. */
export default function StagingBanner() {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        fontSize: '0.875rem',
        fontWeight: 600,
        textAlign: 'center',
      }}
    >
      <ScienceOutlined fontSize="small" aria-hidden />
      {t('layout.staging')}
    </Box>
  );
}
