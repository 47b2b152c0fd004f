// The IRS acknowledgements of receipts and statements stay in English as the server writes them
// (legal texts, docs/product.md#languages); in another language a page shows each one's
// translation below it. This reads which sentence the server wrote (crates/domain/src/exchange.rs,
// and EACH_GIFT of crates/application/src/services/statements.rs) for a feature to say in its own
// catalogue's words.
import { currentLanguage } from '@/i18n/runtime';
import { formatUSD } from './format';

const NO_GOODS = 'No goods or services were provided in exchange for this contribution.';
const RELIGIOUS_ONLY = 'The only goods or services provided in exchange for this contribution were intangible religious benefits.';
const EACH_GIFT = 'What was provided in exchange for each gift is stated with it.';
const ALSO_RELIGIOUS = ' Any other goods or services provided were intangible religious benefits.';
const GOODS =
  /^Goods or services with an estimated fair market value of \$(-?[\d,]+\.\d{2}) were provided in exchange for this contribution; the deductible part is \$(-?[\d,]+\.\d{2})\.$/;

/** What an acknowledgement says, for its translation. */
export type Acknowledgement =
  | { kind: 'noGoods' | 'religiousOnly' | 'eachGift' }
  | { kind: 'goods'; value: string; deductible: string; religiousToo: boolean };

/**
 * The sentence `english` is, with its amounts written in the page's language; null in English, and
 * for a sentence this page does not know (the English is then shown alone).
 */
export function readAcknowledgement(english: string): Acknowledgement | null {
  if (currentLanguage() === 'en') return null;
  const text = english.trim();
  if (text === NO_GOODS) return { kind: 'noGoods' };
  if (text === RELIGIOUS_ONLY) return { kind: 'religiousOnly' };
  if (text === EACH_GIFT) return { kind: 'eachGift' };
  const religiousToo = text.endsWith(ALSO_RELIGIOUS);
  const match = GOODS.exec(religiousToo ? text.slice(0, -ALSO_RELIGIOUS.length) : text);
  if (!match) return null;
  const amount = (digits: string) => formatUSD(digits.replace(/,/g, ''));
  return { kind: 'goods', value: amount(match[1]), deductible: amount(match[2]), religiousToo };
}
