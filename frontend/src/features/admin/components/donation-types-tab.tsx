import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { formatUSD } from '@/lib/format';
import type { DonationType } from '@/types/api';
import { deleteDonationType, useAllDonationTypes } from '../api/donation-types';
import { DonationTypeDialog } from './donation-type-dialog';

const hideOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Donation Types tab: table, create/edit dialog and delete confirmation. */
export function DonationTypesTab() {
  const { donationTypes, error, isLoading, refresh } = useAllDonationTypes();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const [editor, setEditor] = useState<{ session: number; open: boolean; type: DonationType | null }>({
    session: 0,
    open: false,
    type: null,
  });
  const [toDelete, setToDelete] = useState<DonationType | null>(null);
  const [deleting, setDeleting] = useState(false);

  const openEditor = (type: DonationType | null) => setEditor((e) => ({ session: e.session + 1, open: true, type }));

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDonationType(toDelete.id);
      toast({ title: 'Donation type deleted', description: toDelete.name });
      await mutate(apiKeys.donationTypes);
      setToDelete(null);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to delete donation type'), variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  let body;
  if (isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading donation types" />
      </Box>
    );
  } else if (error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refresh()}>
            Retry
          </Button>
        }
      >
        Failed to load donation types. Please try again.
      </Alert>
    );
  } else if (!donationTypes || donationTypes.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        No donation types found. Create your first one!
      </Typography>
    );
  } else {
    body = (
      <TableContainer>
        <Table aria-label="Donation types" sx={{ minWidth: { sm: 560 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell sx={hideOnPhones}>Description</TableCell>
              <TableCell align="right">Default amount</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {donationTypes.map((t) => (
              <TableRow key={t.id} hover>
                <TableCell sx={{ fontWeight: 600 }}>
                  {t.name}
                  {t.description ? (
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' }, fontWeight: 400 }}>
                      {t.description}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ ...hideOnPhones, color: 'text.secondary', maxWidth: 320 }}>{t.description || '—'}</TableCell>
                <TableCell align="right">{t.defaultAmount ? formatUSD(t.defaultAmount) : '—'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={t.isActive ? 'Active' : 'Inactive'}
                    color={t.isActive ? 'success' : 'default'}
                    variant={t.isActive ? 'filled' : 'outlined'}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton aria-label={`Edit ${t.name}`} onClick={() => openEditor(t)}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton aria-label={`Delete ${t.name}`} color="error" onClick={() => setToDelete(t)}>
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="donation-types-heading">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Typography id="donation-types-heading" component="h2" variant="h6">
            Donation Types
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The purposes donors can choose. Inactive types are hidden from donors.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => openEditor(null)}>
          Add Donation Type
        </Button>
      </Box>
      {body}
      {editor.session > 0 ? (
        <DonationTypeDialog
          key={editor.session}
          open={editor.open}
          donationType={editor.type}
          onClose={() => setEditor((e) => ({ ...e, open: false }))}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Donation Type"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        <DialogContentText>
          Delete <strong>{toDelete?.name}</strong>? This permanently removes the donation type and cannot be undone.
        </DialogContentText>
        {toDelete?.isActive ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            This donation type is active and may be in use by donors right now. Consider marking it inactive instead.
          </Alert>
        ) : null}
      </ConfirmDialog>
    </Paper>
  );
}
