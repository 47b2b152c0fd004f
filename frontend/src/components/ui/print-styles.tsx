import GlobalStyles from '@mui/material/GlobalStyles';

/**
 * What the printer gets on a printable page (a receipt, a statement): the `.print-sheet` alone,
 * black on white whatever the theme, without the site's header, footer, banners or anything
 * marked `.no-print`. `paper` is `thermal` for an 80 mm receipt printer (the counter's), else
 * A4 or Letter as the browser's print dialog chooses.
 */
export function PrintStyles({ paper = 'page' }: { paper?: 'page' | 'thermal' }) {
  const page = paper === 'thermal' ? { size: '80mm auto', margin: '3mm' } : { margin: '16mm' };
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': page,
          'body, #root': { background: '#fff !important' },
          'header, footer, .skip-link, .no-print, [role="banner"], [role="contentinfo"]': { display: 'none !important' },
          '.print-sheet, .print-sheet *': { color: '#000 !important', borderColor: '#999 !important' },
          '.print-sheet': { background: '#fff !important', boxShadow: 'none !important', border: '0 !important', padding: '0 !important' },
          ...(paper === 'thermal' ? { '.print-sheet': { width: '74mm', fontSize: '11px', background: '#fff !important', boxShadow: 'none !important', border: '0 !important', padding: '0 !important' } } : {}),
        },
      }}
    />
  );
}
