import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { env } from '@/config/env';
import { useAuth } from '@/lib/auth';
import { todayIn } from '@/lib/dates';
import { useSite } from '@/lib/site';
import { AccountsTab } from './accounts-tab';
import { ExportTab } from './export-tab';
import { MappingsTab } from './mappings-tab';
import { PayoutsTab } from './payouts-tab';

type TabValue = 'export' | 'payouts' | 'accounts' | 'mappings';

/**
 * /admin/accounting: the books (docs/product.md#accounting-export). Exports for QuickBooks
 * (`export_finances`), card payouts with their fees (`read_ledger`), the chart of accounts and its
 * mappings (`manage_funds`); the tab is in the URL.
 */
export function BooksPage() {
  const { can } = useAuth();
  const { settings } = useSite();
  const [params, setParams] = useSearchParams();
  const tabs: { value: TabValue; label: string }[] = [
    ...(can('export_finances') ? [{ value: 'export' as const, label: 'Export' }] : []),
    ...(can('read_ledger') ? [{ value: 'payouts' as const, label: 'Payouts' }] : []),
    ...(can('manage_funds')
      ? [
          { value: 'accounts' as const, label: 'Chart of accounts' },
          { value: 'mappings' as const, label: 'Mappings' },
        ]
      : []),
  ];
  const asked = params.get('tab');
  const tab = tabs.find((t) => t.value === asked)?.value ?? tabs[0]?.value ?? 'export';
  const today = todayIn(settings?.timeZone || env.timeZone);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        Accounting
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Journal entries for QuickBooks or any general ledger: every gift, refund and card payout, balanced, with its receipt and payment ids.
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, v: TabValue) => setParams(v === tabs[0]?.value ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Accounting sections"
        >
          {tabs.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} id={`books-tab-${t.value}`} aria-controls={`books-panel-${t.value}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`books-panel-${tab}`} aria-labelledby={`books-tab-${tab}`}>
        {tab === 'export' ? (
          <ExportTab today={today} />
        ) : tab === 'payouts' ? (
          <PayoutsTab today={today} />
        ) : tab === 'accounts' ? (
          <AccountsTab />
        ) : (
          <MappingsTab />
        )}
      </Box>
    </Container>
  );
}
