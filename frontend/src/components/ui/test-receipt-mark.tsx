import Alert from '@mui/material/Alert';

/**
 * The mark on a receipt or statement of a test gift or a sandbox site (staging, development): no
 * money moved, so nothing may look like a tax receipt, on screen or printed (the server's
 * `TEST_RECEIPT` in crates/domain/src/donor.rs).
 */
export function TestReceiptMark({ what }: { what: 'gift' | 'statement' }) {
  return (
    <Alert severity="error" variant="outlined" icon={false} sx={{ mb: 2, fontSize: '1rem', '@media print': { color: '#000', borderColor: '#000' } }}>
      <strong>TEST — not a receipt.</strong>{' '}
      {what === 'gift'
        ? 'This gift was made on a test site: no money moved, and this is not a tax receipt.'
        : 'This statement comes from a test site: no money moved, and it is not a tax receipt.'}
    </Alert>
  );
}
