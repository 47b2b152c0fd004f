import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { RetryAlert } from '@/components/ui/retry-alert';

export const hideOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

export type CatalogueColumn<T> = {
  header: string;
  align?: 'right';
  /** Hidden on phones. */
  wide?: boolean;
  /** Extra styles of the body cells. */
  sx?: SxProps<Theme>;
  cell: (item: T) => ReactNode;
};

type CatalogueTabProps<T extends { id: string }> = {
  /** The section's heading: its text, id and the line under it. */
  title: string;
  headingId: string;
  intro: string;
  addLabel: string;
  onAdd: () => void;
  items: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  loadingLabel: string;
  errorText: string;
  emptyText: string;
  tableLabel: string;
  minWidth: number;
  columns: CatalogueColumn<T>[];
  /** The name in the Edit/Delete buttons' labels. */
  nameOf: (item: T) => string;
  onEdit: (item: T) => void;
  /** Without it, items cannot be deleted here (funds: kept with their gifts; made inactive instead). */
  onDelete?: (item: T) => void;
  /** The editor and delete dialogs. */
  children?: ReactNode;
};

/** An admin catalogue (funds, donation types, payment methods): heading, add button, states, table. */
export function CatalogueTab<T extends { id: string }>(props: CatalogueTabProps<T>) {
  const { items, columns, nameOf } = props;
  let body;
  if (props.isLoading) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={props.loadingLabel} />
      </Box>
    );
  } else if (props.error) {
    body = (
      <RetryAlert onRetry={props.onRetry}>
      {props.errorText}
      </RetryAlert>
    );
  } else if (!items || items.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {props.emptyText}
      </Typography>
    );
  } else {
    body = (
      <TableContainer>
        <Table aria-label={props.tableLabel} sx={{ minWidth: { sm: props.minWidth } }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.header} align={c.align} sx={c.wide ? hideOnPhones : undefined}>
                  {c.header}
                </TableCell>
              ))}
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} hover>
                {columns.map((c) => (
                  <TableCell key={c.header} align={c.align} sx={[c.wide ? hideOnPhones : {}, ...(Array.isArray(c.sx) ? c.sx : [c.sx])]}>
                    {c.cell(item)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton aria-label={`Edit ${nameOf(item)}`} onClick={() => props.onEdit(item)}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  {props.onDelete ? (
                    <Tooltip title="Delete">
                      <IconButton aria-label={`Delete ${nameOf(item)}`} color="error" onClick={() => props.onDelete?.(item)}>
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby={props.headingId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Typography id={props.headingId} component="h2" variant="h6">
            {props.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {props.intro}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<Add />} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </Box>
      {body}
      {props.children}
    </Paper>
  );
}

/**
 * A catalogue tab's state: the editor (a new session, hence a fresh form, each time it opens; null
 * edits a new item) and the item waiting for delete confirmation.
 */
export function useCatalogueState<T>() {
  const [editor, setEditor] = useState<{ session: number; open: boolean; item: T | null }>({
    session: 0,
    open: false,
    item: null,
  });
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { toast } = useToast();

  /** Deletes the item the confirmation is open for: busy meanwhile, a toast either way, closed when done. */
  async function confirmDelete(
    remove: (item: T) => Promise<unknown>,
    deleted: (item: T) => { title: string; description: string },
    failed: (err: unknown) => string,
  ) {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await remove(toDelete);
      toast(deleted(toDelete));
      setToDelete(null);
    } catch (err) {
      toast({ title: 'Error', description: failed(err), variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  return {
    editor,
    openEditor: (item: T | null) => setEditor((e) => ({ session: e.session + 1, open: true, item })),
    closeEditor: () => setEditor((e) => ({ ...e, open: false })),
    toDelete,
    setToDelete,
    deleting,
    confirmDelete,
  };
}
