import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useReceipt } from '@/features/receipts/api/get-receipt';
import { ReceiptView } from '@/features/receipts/components/receipt-view';
import { formatUSD } from '@/lib/format';
import { useSite } from '@/lib/site';
import type { CounterSale, ReceiptPaper } from '@/types/api';

const PAPER_KEY = 'mandir.counter.paper';

function storedPaper(): ReceiptPaper | null {
  const stored = window.localStorage.getItem(PAPER_KEY);
  return stored === 'thermal' || stored === 'page' ? stored : null;
}

/**
 * The receipt printer this tablet prints on: its own choice, remembered on the device, else the
 * temple's (Admin → Temple → Site settings).
 */
function usePaper(): [ReceiptPaper, (paper: ReceiptPaper) => void] {
  const { settings } = useSite();
  const [chosen, setChosen] = useState<ReceiptPaper | null>(storedPaper);
  return [
    chosen ?? settings?.receiptPaper ?? 'page',
    (next) => {
      window.localStorage.setItem(PAPER_KEY, next);
      setChosen(next);
    },
  ];
}

/** How the sale was paid, on the printed receipt: cash with the change, each check by number, the card part. */
function Tenders({ sale }: { sale: CounterSale }) {
  return (
    <Box sx={{ mt: 2 }} aria-label="How it was paid" component="section">
      {sale.tenders.map((t, i) =>
        t.method === 'cash' ? (
          <Typography key={i}>{`Cash ${formatUSD(t.amount)}: received ${formatUSD(t.tendered ?? t.amount)}, change ${formatUSD(t.change ?? '0')}`}</Typography>
        ) : t.method === 'card' ? (
          <Typography key={i}>{`Card ${formatUSD(t.amount)}`}</Typography>
        ) : (
          <Typography key={i}>{`Check #${t.checkNumber ?? ''} (${t.bank ?? ''}, ${t.checkDate ?? ''}) ${formatUSD(t.amount)}`}</Typography>
        ),
      )}
      {sale.registrations.map((r) => (
        <Typography key={r.eventId}>{`Registered for ${r.eventName}: ${r.people} ${r.people === 1 ? 'person' : 'people'}`}</Typography>
      ))}
      <Typography variant="body2" color="text.secondary">{`Served by ${sale.staffName}`}</Typography>
    </Box>
  );
}

/** The QR code of the online receipt (made by the server as an SVG image), for the printed receipt. */
function ReceiptQr({ sale }: { sale: CounterSale }) {
  if (!sale.receiptQr) return null;
  return (
    <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2 }} component="section" aria-label="Online receipt">
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(sale.receiptQr)}`}
        alt="QR code: scan to open this receipt online"
        sx={{ width: 112, height: 112, flex: 'none', bgcolor: '#fff' }}
      />
      <Typography variant="body2" color="text.secondary">
        Scan to open this receipt online.
      </Typography>
    </Box>
  );
}

/**
 * A finished sale: the change to give, and its receipt (the same as the e-mailed one) to print on
 * the counter's printer, 80 mm or A4/Letter.
 */
export function CounterReceipt({ sale, onNewSale }: { sale: CounterSale; onNewSale: () => void }) {
  const link = sale.receiptLink ? new URL(sale.receiptLink) : null;
  const number = sale.payment.receiptNumber ?? '';
  const { receipt, error, isLoading } = useReceipt(number, link?.searchParams.get('sig'));
  const [paper, setPaper] = usePaper();

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" className="no-print">
        <Typography component="h1" variant="h5">{`Sale recorded · ${formatUSD(sale.payment.amount)}`}</Typography>
        <Typography variant="h6" component="p">{`Change to give: ${formatUSD(sale.change)}`}</Typography>
        {sale.payment.donorEmail ? <Typography>{`The receipt is also e-mailed to ${sale.payment.donorEmail}.`}</Typography> : null}
      </Alert>
      {isLoading ? <PageSpinner /> : null}
      {error ? <Alert severity="error">The receipt could not be loaded; it is in the ledger under {number}.</Alert> : null}
      {receipt ? (
        <ReceiptView
          receipt={receipt}
          paper={paper}
          actions={
            <>
              <TextField select size="small" label="Receipt printer" value={paper} onChange={(e) => setPaper(e.target.value as ReceiptPaper)} sx={{ minWidth: 200 }}>
                <MenuItem value="page">A4 or Letter</MenuItem>
                <MenuItem value="thermal">80 mm receipt printer</MenuItem>
              </TextField>
              <Button variant="outlined" onClick={onNewSale}>
                New sale
              </Button>
            </>
          }
        >
          <Tenders sale={sale} />
          <ReceiptQr sale={sale} />
        </ReceiptView>
      ) : null}
    </Box>
  );
}
