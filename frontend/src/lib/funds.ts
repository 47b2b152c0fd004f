// How a fund's progress and campaign read, on the public funds pages and in the admin area alike.
// No `Intl`: the server's page renderer renders the public pages (docs/architecture.md#public-pages).
import type { Fund } from '@/types/api';
import { dateLabel } from './dates';
import { formatUSD } from './format';

/** 1234 -> "1,234". */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "214 donors", "1 donor". */
export function donorsLabel(donors: number): string {
  return `${formatCount(donors)} ${donors === 1 ? 'donor' : 'donors'}`;
}

/**
 * "$182,400.00 of $500,000.00 · 214 donors" for a fund with a goal, "$1,234.00 raised · 12 donors"
 * for one without.
 */
export function progressText(fund: Pick<Fund, 'goal' | 'progress'>): string {
  const raised = formatUSD(fund.progress.raised);
  const amount = fund.goal ? `${raised} of ${formatUSD(fund.goal)}` : `${raised} raised`;
  return `${amount} · ${donorsLabel(fund.progress.donors)}`;
}

/**
 * A campaign's dates: "March 1, 2027 – December 31, 2027", "From March 1, 2027",
 * "Until December 31, 2027"; null when it has none.
 */
export function campaignLabel(fund: Pick<Fund, 'startsOn' | 'endsOn'>): string | null {
  const { startsOn, endsOn } = fund;
  if (startsOn && endsOn) return `${dateLabel(startsOn)} – ${dateLabel(endsOn)}`;
  if (startsOn) return `From ${dateLabel(startsOn)}`;
  if (endsOn) return `Until ${dateLabel(endsOn)}`;
  return null;
}
