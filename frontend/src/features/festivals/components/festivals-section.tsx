import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { FestivalRule } from '@/types/api';
import { useDeleteFestivalRule } from '../api/delete-festival-rule';
import { useFestivalRules } from '../api/get-festival-rules';
import { FestivalDialog } from './festival-dialog';
import { MakeEventsDialog } from './make-events-dialog';

/** One rule: its name, the rule in words and its source, with Make events…, Edit and Delete. */
function RuleRow({ rule, onMake, onEdit, onDelete }: { rule: FestivalRule; onMake: () => void; onEdit: () => void; onDelete: () => void }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: { xs: 0.5, sm: 2 },
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{rule.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {rule.rule}
          {rule.inAdhika ? '; in an adhika month too' : ''}
        </Typography>
        {rule.source ? (
          <Typography variant="caption" color="text.secondary" component="p">
            Source: {rule.source}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0, ml: { xs: -1, sm: 0 } }}>
        <Button size="small" startIcon={<EditCalendarOutlined />} onClick={onMake} aria-label={`Make events for ${rule.name}`}>
          Make events…
        </Button>
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${rule.name}`} onClick={onEdit}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${rule.name}`} color="error" onClick={onDelete}>
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

type Open = { kind: 'edit'; rule: FestivalRule | null; session: number } | { kind: 'make'; rule: FestivalRule; session: number } | null;

/**
 * Admin > Temple > Festivals (editors): the festivals' rules of the lunar calendar with their
 * dates' rule in words and source; add, edit and delete a rule, and make a festival's events for
 * the coming years from its dates.
 */
export function FestivalsSection() {
  const { rules, error, isLoading, refresh } = useFestivalRules();
  const remove = useDeleteFestivalRule();
  const { toast } = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [toDelete, setToDelete] = useState<FestivalRule | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await remove(toDelete.id);
      toast({ title: 'Festival deleted', description: toDelete.name });
      setToDelete(null);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the festival'), variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label="Loading festivals" sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </LoadingRegion>
    );
  } else if (error) {
    body = <RetryAlert onRetry={refresh}>Failed to load festivals. Please try again.</RetryAlert>;
  } else if (!rules || rules.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No festivals yet. Add one to show it on the panchangam and make its events.
      </Typography>
    );
  } else {
    body = (
      <Box component="ul" aria-label="Festivals" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rules.map((rule) => (
          <RuleRow
            key={rule.id}
            rule={rule}
            onMake={() => setOpen({ kind: 'make', rule, session: Date.now() })}
            onEdit={() => setOpen({ kind: 'edit', rule, session: Date.now() })}
            onDelete={() => setToDelete(rule)}
          />
        ))}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="festivals-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography id="festivals-heading" component="h2" variant="h6">
            Festivals
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Each festival is a tithi of a lunar (or solar) month, kept on the day the tithi runs at the moment its tradition
            looks at. The panchangam shows them on their days at the temple; make a festival&apos;s events for the coming years
            from its dates.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ kind: 'edit', rule: null, session: Date.now() })}>
          Add Festival
        </Button>
      </Box>
      {body}
      {open?.kind === 'edit' ? <FestivalDialog key={open.session} rule={open.rule} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'make' ? <MakeEventsDialog key={open.session} rule={open.rule} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Festival"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        <DialogContentText>
          Delete <strong>{toDelete?.name}</strong>? It leaves the panchangam; the events already made from it stay.
        </DialogContentText>
      </ConfirmDialog>
    </Paper>
  );
}
