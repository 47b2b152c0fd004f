import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import { formatDate } from '@/lib/format';
import type { DonationType, Event } from '@/types/api';
import { emptyFilters, type PaymentFilters } from '../api/admin-payments';
import { methodLabels, statusOptions } from './payment-labels';

// Filter selects show their 'All' option and keep the label up.
const allSlot = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** What the ledger shows: the filters sent to the server and the page (0-based) with its size. */
export type LedgerQuery = {
  filters: PaymentFilters;
  /** The search box's text; it joins `filters` once typing pauses. */
  search: string;
  /** A filter is set, or a search is being typed. */
  filtered: boolean;
  page: number;
  pageSize: number;
  setSearch: (search: string) => void;
  setFilter: <K extends keyof PaymentFilters>(k: K, v: PaymentFilters[K]) => void;
  clear: () => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
};

/**
 * The ledger's query as the treasurer sets it. Changing a filter, the search or the page size
 * starts again at the first page.
 */
export function useLedgerQuery(): LedgerQuery {
  const [filters, setFilters] = useState<PaymentFilters>(emptyFilters);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);

  const setFilter = <K extends keyof PaymentFilters>(k: K, v: PaymentFilters[K]) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPage(0);
  };

  // The search applies once typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setFilters((f) => (f.q === search ? f : { ...f, q: search }));
      setPage(0);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search]);

  return {
    filters,
    search,
    filtered: search !== '' || JSON.stringify(filters) !== JSON.stringify(emptyFilters),
    page,
    pageSize,
    setSearch,
    setFilter,
    clear: () => {
      setSearch('');
      setFilters(emptyFilters);
      setPage(0);
    },
    setPage,
    setPageSize: (next) => {
      setPageSize(next);
      setPage(0);
    },
  };
}

/** The ledger's filters: search, status, method, event, purpose, dates, expired card attempts. */
export function PaymentsFilters({ query }: { query: LedgerQuery }) {
  const { filters, setFilter } = query;
  const { data: events } = useSWR<Event[]>(apiKeys.events);
  const { data: donationTypes } = useSWR<DonationType[]>(apiKeys.donationTypes);
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2, alignItems: 'start' }}
    >
      <TextField
        size="small"
        label="Search donor or receipt"
        value={query.search}
        onChange={(e) => query.setSearch(e.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField select size="small" label="Status" slotProps={allSlot} value={filters.status} onChange={(e) => setFilter('status', e.target.value as PaymentFilters['status'])}>
        <MenuItem value="">All</MenuItem>
        {statusOptions.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Method" slotProps={allSlot} value={filters.method} onChange={(e) => setFilter('method', e.target.value as PaymentFilters['method'])}>
        <MenuItem value="">All</MenuItem>
        {Object.entries(methodLabels).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Event" slotProps={allSlot} value={filters.eventId} onChange={(e) => setFilter('eventId', e.target.value)}>
        <MenuItem value="">All events</MenuItem>
        <MenuItem value="direct-donation">Direct donations</MenuItem>
        {(events ?? []).map((ev) => (
          <MenuItem key={ev.id} value={ev.id}>
            {ev.name} ({formatDate(ev.eventDate)})
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Purpose" slotProps={allSlot} value={filters.purpose} onChange={(e) => setFilter('purpose', e.target.value)}>
        <MenuItem value="">All purposes</MenuItem>
        {(donationTypes ?? []).map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
        <MenuItem value="custom">Other (custom)</MenuItem>
      </TextField>
      <TextField
        size="small"
        type="date"
        label="From"
        value={filters.from}
        onChange={(e) => setFilter('from', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to || undefined } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={filters.to}
        onChange={(e) => setFilter('to', e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from || undefined } }}
      />
      <FormControlLabel
        control={<Checkbox checked={filters.includeExpired} onChange={(e) => setFilter('includeExpired', e.target.checked)} />}
        label="Show expired card attempts"
      />
      <Button onClick={query.clear} disabled={!query.filtered}>
        Clear filters
      </Button>
    </Box>
  );
}
