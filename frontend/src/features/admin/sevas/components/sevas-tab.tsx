import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import type { Seva, SevaSettings } from '@/types/api';
import { CatalogueTab, useCatalogueState, type CatalogueColumn } from '../../components/catalogue-tab';
import { useAllSevas, useDeleteSeva, useSaveSevaSettings, useSevaSettingsForAdmin } from '../api/sevas';
import { CATEGORIES, SevaDialog } from './seva-dialog';

function SettingsForm({ settings }: { settings: SevaSettings }) {
  const save = useSaveSevaSettings();
  const { toast } = useToast();
  const [zelle, setZelle] = useState(settings.zellePendingConfirms);
  const [policy, setPolicy] = useState(settings.cancellationPolicy ?? '');
  const [holdHours, setHoldHours] = useState(String(settings.zelleHoldHours));
  const [maxUnpaid, setMaxUnpaid] = useState(String(settings.maxUnpaidHolds));
  const [busy, setBusy] = useState(false);
  const tooLong = policy.length > 2000;
  // The server's rules (crates/domain/src/seva.rs `SevaSettingsInput`).
  const whole = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;
  const holdInvalid = !whole(holdHours, 1, 336);
  const unpaidInvalid = !whole(maxUnpaid, 1, 20);
  async function submit() {
    setBusy(true);
    try {
      await save({
        zellePendingConfirms: zelle,
        cancellationPolicy: policy.trim() || null,
        zelleHoldHours: Number(holdHours),
        maxUnpaidHolds: Number(maxUnpaid),
      });
      toast({ title: 'Booking settings saved', description: zelle ? 'Zelle bookings confirm at once' : 'Zelle bookings wait for the transfer' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to save the settings'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooLong && !holdInvalid && !unpaidInvalid) void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormControlLabel
        control={<Switch checked={zelle} onChange={(e) => setZelle(e.target.checked)} />}
        label="A Zelle payment recorded as pending confirms the booking (otherwise it waits until you mark the payment received)"
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="zelleHoldHours"
          label="Hours a Zelle booking waits for its payment"
          value={holdHours}
          onChange={(e) => setHoldHours(e.target.value)}
          inputMode="numeric"
          error={holdInvalid}
          helperText={
            holdInvalid
              ? 'Hours must be a whole number from 1 to 336'
              : 'Until you mark the payment received; never past the slot. Then the place is released.'
          }
        />
        <TextField
          id="maxUnpaidHolds"
          label="Unpaid bookings a member may have at once"
          value={maxUnpaid}
          onChange={(e) => setMaxUnpaid(e.target.value)}
          inputMode="numeric"
          error={unpaidInvalid}
          helperText={unpaidInvalid ? 'Unpaid bookings must be a whole number from 1 to 20' : 'A further booking waits until one is paid or cancelled'}
        />
      </Box>
      <TextField
        id="cancellationPolicy"
        label="Cancellation and refund policy"
        value={policy}
        onChange={(e) => setPolicy(e.target.value)}
        multiline
        minRows={2}
        error={tooLong}
        helperText={tooLong ? 'The cancellation policy must be at most 2000 characters' : 'Shown to members before they book and when they cancel'}
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ justifySelf: 'start' }}>
        {busy ? 'Saving...' : 'Save settings'}
      </Button>
    </Box>
  );
}

/** Admin → Sevas: the catalogue, the booking settings and the link to the priests' day view. */
export function SevasTab() {
  const { sevas, error, isLoading, refresh } = useAllSevas();
  const { settings, error: settingsError, refresh: refreshSettings } = useSevaSettingsForAdmin();
  const deleteSeva = useDeleteSeva();
  const state = useCatalogueState<Seva>();
  const { toDelete } = state;

  const columns: CatalogueColumn<Seva>[] = [
    {
      header: 'Seva',
      cell: (s) => (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{s.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {CATEGORIES.find(([v]) => v === s.category)?.[1] ?? s.category} · {s.durationMinutes} min
          </Typography>
        </Box>
      ),
    },
    { header: 'Price', cell: (s) => `${formatUSD(s.priceCents / 100)}${s.priceKind === 'suggestedDonation' ? ' (suggested)' : ''}` },
    {
      header: 'Availability',
      wide: true,
      sx: { color: 'text.secondary', maxWidth: 280 },
      cell: (s) =>
        `${s.weekdays.length === 7 ? 'Every day' : s.weekdays.map((d) => d.slice(0, 3)).join(', ')}; ${
          s.capacityMode === 'daily' ? `${s.dailyCapacity} a day` : s.slots.map((x) => `${x.timeLabel} (${x.capacity})`).join(', ')
        }`,
    },
    { header: 'Status', cell: (s) => <Chip size="small" label={s.isActive ? 'Active' : 'Inactive'} color={s.isActive ? 'success' : 'default'} /> },
  ];

  const confirmDelete = () =>
    state.confirmDelete(
      (item) => deleteSeva(item.id),
      (item) => ({ title: 'Seva deleted', description: item.name }),
      (err) => errorMessage(err, 'Failed to delete seva'),
    );

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.sevaSchedule.getHref()} variant="outlined" startIcon={<EventNoteOutlined />}>
          Day schedule &amp; sankalpam sheet
        </Button>
      </Box>
      <CatalogueTab
        title="Sevas"
        headingId="sevas-heading"
        intro="What members can book: when, how many, for how much. Make a seva inactive to stop new bookings."
        addLabel="Add Seva"
        onAdd={() => state.openEditor(null)}
        items={sevas}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refresh()}
        loadingLabel="Loading sevas"
        errorText="Failed to load sevas. Please try again."
        emptyText="No sevas yet. Add the first one members can book."
        tableLabel="Sevas"
        minWidth={640}
        columns={columns}
        nameOf={(s) => s.name}
        onEdit={state.openEditor}
        onDelete={state.setToDelete}
      >
        {state.editor.session > 0 ? (
          <SevaDialog key={state.editor.session} open={state.editor.open} seva={state.editor.item} onClose={state.closeEditor} />
        ) : null}
        <ConfirmDialog
          open={toDelete !== null}
          title="Delete Seva"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={state.deleting}
          destructive
          onConfirm={() => void confirmDelete()}
          onClose={() => state.setToDelete(null)}
        >
          <DialogContentText>
            Delete <strong>{toDelete?.name}</strong>? A seva with bookings cannot be deleted; make it inactive instead.
          </DialogContentText>
        </ConfirmDialog>
      </CatalogueTab>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="seva-settings-heading">
        <Typography id="seva-settings-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          Booking settings
        </Typography>
        {settingsError ? (
          <RetryAlert onRetry={() => void refreshSettings()}>Failed to load the booking settings. Please try again.</RetryAlert>
        ) : settings ? (
          <SettingsForm settings={settings} />
        ) : (
          <Typography color="text.secondary">Loading...</Typography>
        )}
      </Paper>
    </Box>
  );
}
