import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * What the printer gets on a printable page (a receipt, a statement): the `.print-sheet` alone,
 * black on white whatever the theme, without the site's header, footer, banners or anything
 * marked `.no-print`.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { margin: '16mm' },
          'body, #root': { background: '#fff !important' },
          'header, footer, .skip-link, .no-print, [role="banner"], [role="contentinfo"]': { display: 'none !important' },
          '.print-sheet, .print-sheet *': { color: '#000 !important', borderColor: '#999 !important' },
          '.print-sheet': { background: '#fff !important', boxShadow: 'none !important', border: '0 !important', padding: '0 !important' },
        },
      }}
    />
  );
}
