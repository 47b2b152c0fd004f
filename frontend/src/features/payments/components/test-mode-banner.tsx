import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/**
 * Marks the sandbox provider unmistakably: nothing is charged, no card data is sent (a card saved
 * for later gifts sends only its last four digits and expiry, to show which card it is).
 */
export function TestModeBanner({ saving = false }: { saving?: boolean }) {
  return (
    <Alert severity="warning" icon={<ScienceOutlined />} sx={{ mb: 2 }} data-testid="test-mode-banner">
      <AlertTitle>TEST MODE</AlertTitle>
      {saving ? (
        <>
          Saved cards are simulated: no card is charged, and only the card&apos;s last four digits and expiry leave this page. Use a
          test card such as 4242 4242 4242 4242 with any future expiry and any CVC; 4000 0000 0000 0341 is saved, then declined
          at every gift.
        </>
      ) : (
        <>
          Payments are simulated: no card is charged and the card details below never leave this page. Use a test card such as
          4242 4242 4242 4242 with any future expiry and any CVC.
        </>
      )}
    </Alert>
  );
}
