import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Marks the sandbox provider unmistakably: nothing is charged, no card data is sent. */
export function TestModeBanner() {
  return (
    <Alert severity="warning" icon={<ScienceOutlined />} sx={{ mb: 2 }} data-testid="test-mode-banner">
      <AlertTitle>TEST MODE</AlertTitle>
      Payments are simulated: no card is charged and the card details below never leave this page. Use a test card
      such as 4242 4242 4242 4242 with any future expiry and any CVC.
    </Alert>
  );
}
