import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAccounts, useMappings, useSetMapping, type AccountMapping, type LedgerAccount } from '../api/books';

type Section = { title: string; help: string; subjects: readonly AccountMapping['subject'][] };

const SECTIONS: readonly Section[] = [
  { title: 'Defaults', help: 'Where a line or a payment goes when nothing below names an account.', subjects: ['default_income', 'default_deposit'] },
  {
    title: 'Payment methods',
    help: 'The account each kind of money is debited to (cash and checks to Undeposited Funds until the deposit, cards to the card processor’s clearing account).',
    subjects: ['method'],
  },
  {
    title: 'Donation types',
    help: 'The income account credited for each line: its donation type’s account first, then its kind’s, then its fund’s, then the default.',
    subjects: ['donation_type'],
  },
  { title: 'Sevas and goods', help: 'Lines given for a seva or puja, or for a ticket or a meal.', subjects: ['line_kind'] },
  { title: 'Funds', help: 'A fund’s lines, when their donation type names no account.', subjects: ['fund'] },
  {
    title: 'Card payouts',
    help: 'A payout moves card money from the clearing account to the bank; the card processor’s fees on it are an expense.',
    subjects: ['payout_bank', 'card_fees'],
  },
];

const label = (a: LedgerAccount | undefined) => (a ? `${a.code} ${a.name}` : 'an account');
const DEFAULTS: readonly AccountMapping['subject'][] = ['default_income', 'default_deposit', 'payout_bank', 'card_fees'];
const isDefault = (row: AccountMapping) => DEFAULTS.includes(row.subject);

function MappingRow({ row, accounts }: { row: AccountMapping; accounts: readonly LedgerAccount[] }) {
  const setMapping = useSetMapping();
  const { toast } = useToast();
  const effective = accounts.find((a) => a.id === row.effectiveAccountId);
  const choices = accounts.filter((a) => a.isActive || a.id === row.accountId);
  const change = async (value: string) => {
    try {
      await setMapping(row.subject, row.subjectId, value === '' ? null : value);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The mapping could not be saved'), variant: 'destructive' });
    }
  };
  return (
    <TextField
      select
      size="small"
      label={row.label}
      value={row.accountId ?? ''}
      onChange={(e) => void change(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {isDefault(row) ? null : <MenuItem value="">Not set (uses {label(effective)})</MenuItem>}
      {choices.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {a.code} {a.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The Mappings tab: each default, method, donation type, kind of line and fund with its account. */
export function MappingsTab() {
  const { mappings, error, isLoading, refresh } = useMappings();
  const { accounts, error: accountsError, refresh: refreshAccounts } = useAccounts();
  if (error || accountsError) {
    return (
      <RetryAlert
        onRetry={() => {
          refresh();
          refreshAccounts();
        }}
      >
        The mappings could not be loaded.
      </RetryAlert>
    );
  }
  if (isLoading || !mappings || !accounts) {
    return (
      <LoadingRegion label="Loading the mappings">
        <Skeleton variant="rounded" height={240} />
      </LoadingRegion>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {SECTIONS.map((section) => {
        const rows = mappings.rows.filter((r) => section.subjects.includes(r.subject));
        if (rows.length === 0) return null;
        return (
          <Box component="section" key={section.title} aria-label={section.title}>
            <Typography component="h2" variant="h6">
              {section.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              {section.help}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {rows.map((row) => (
                <MappingRow key={`${row.subject}:${row.subjectId}`} row={row} accounts={accounts} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
