// A statement's IRS acknowledgements stay in English as the server writes them (legal texts,
// docs/glossary.md); in another language the page shows each one's translation below it. The
// server's sentences are those of crates/domain/src/exchange.rs and, for a statement whose gifts
// differ, EACH_GIFT of crates/application/src/services/statements.rs.
import { currentLanguage } from '@/i18n/runtime';
import { formatUSD } from '@/lib/format';
import { t } from '../i18n';

const NO_GOODS = 'No goods or services were provided in exchange for this contribution.';
const RELIGIOUS_ONLY = 'The only goods or services provided in exchange for this contribution were intangible religious benefits.';
const EACH_GIFT = 'What was provided in exchange for each gift is stated with it.';
const ALSO_RELIGIOUS = ' Any other goods or services provided were intangible religious benefits.';
const GOODS =
  /^Goods or services with an estimated fair market value of \$(-?[\d,]+\.\d{2}) were provided in exchange for this contribution; the deductible part is \$(-?[\d,]+\.\d{2})\.$/;

const amount = (text: string) => formatUSD(text.replace(/,/g, ''));

/**
 * The acknowledgement `english` in the page's language, to show beside it: null in English, and
 * for a sentence this page does not know (it then shows the English alone).
 */
export function acknowledgementTranslation(english: string): string | null {
  if (currentLanguage() === 'en') return null;
  const text = english.trim();
  if (text === NO_GOODS) return t('giving.ack.noGoods');
  if (text === RELIGIOUS_ONLY) return t('giving.ack.religiousOnly');
  if (text === EACH_GIFT) return t('giving.ack.eachGift');
  const religiousToo = text.endsWith(ALSO_RELIGIOUS);
  const match = GOODS.exec(religiousToo ? text.slice(0, -ALSO_RELIGIOUS.length) : text);
  if (!match) return null;
  const goods = t('giving.ack.goods', { value: amount(match[1]), deductible: amount(match[2]) });
  return religiousToo ? `${goods} ${t('giving.ack.alsoReligious')}` : goods;
}
