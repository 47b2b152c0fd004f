import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { FundProgress } from '@/components/ui/fund-progress';
import { campaignLabel } from '@/lib/funds';
import type { Fund } from '@/types/api';
import { CatalogueTab, useCatalogueState, type CatalogueColumn } from '../../components/catalogue-tab';
import { useAllFunds } from '../api/funds';
import { FundDialog } from './fund-dialog';

const columns: CatalogueColumn<Fund>[] = [
  {
    header: 'Fund',
    cell: (f) => (
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{f.name}</Typography>
        {f.isGeneral || f.restricted || !f.isActive ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {f.isGeneral ? <Chip size="small" variant="outlined" label="Default" title="Receives every gift without a fund of its own" /> : null}
            {f.restricted ? <Chip size="small" variant="outlined" color="secondary" label="Restricted" /> : null}
            {/* Phones have no Status column. */}
            {!f.isActive ? <Chip size="small" variant="outlined" label="Inactive" sx={{ display: { sm: 'none' } }} /> : null}
          </Box>
        ) : null}
        {campaignLabel(f) ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: { sm: 'none' } }}>
            {campaignLabel(f)}
          </Typography>
        ) : null}
      </Box>
    ),
  },
  { header: 'Raised', sx: { minWidth: { sm: 180 } }, cell: (f) => <FundProgress fund={f} /> },
  { header: 'Campaign', wide: true, sx: { color: 'text.secondary' }, cell: (f) => campaignLabel(f) ?? '—' },
  {
    header: 'Status',
    wide: true,
    cell: (f) => (
      <Chip
        size="small"
        label={f.isActive ? 'Active' : 'Inactive'}
        color={f.isActive ? 'success' : 'default'}
        variant={f.isActive ? 'filled' : 'outlined'}
      />
    ),
  },
];

/**
 * Admin → Funds (`manage_funds`): every fund with what it has raised, restricted and inactive ones
 * marked; create and edit in a dialog. Funds are never deleted (their gifts stay in them): an
 * unused one is made inactive.
 */
export function FundsTab() {
  const { funds, error, isLoading, refresh } = useAllFunds();
  const state = useCatalogueState<Fund>();
  return (
    <CatalogueTab
      title="Funds"
      headingId="funds-heading"
      intro="What gifts are for. Each donation type gives to a fund; gifts without one go to the General fund. Inactive funds keep their gifts but are not offered or shown publicly."
      addLabel="Add Fund"
      onAdd={() => state.openEditor(null)}
      items={funds}
      isLoading={isLoading}
      error={error}
      onRetry={() => void refresh()}
      loadingLabel="Loading funds"
      errorText="Failed to load funds. Please try again."
      emptyText="No funds yet. Add the first one."
      tableLabel="Funds"
      minWidth={640}
      columns={columns}
      nameOf={(f) => f.name}
      onEdit={state.openEditor}
    >
      {state.editor.session > 0 ? (
        <FundDialog key={state.editor.session} open={state.editor.open} fund={state.editor.item} onClose={state.closeEditor} />
      ) : null}
    </CatalogueTab>
  );
}
