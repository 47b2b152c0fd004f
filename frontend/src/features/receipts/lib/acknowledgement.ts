// A receipt's IRS acknowledgement in the page's language, beside the English (src/lib/acknowledgement.ts).
import { readAcknowledgement } from '@/lib/acknowledgement';
import { t } from '../i18n';

/** The translation of `english` to show below it; null in English and for a sentence not known. */
export function acknowledgementTranslation(english: string): string | null {
  const said = readAcknowledgement(english);
  if (!said || said.kind === 'eachGift') return null;
  if (said.kind !== 'goods') return t(`receipts.ack.${said.kind}`);
  const goods = t('receipts.ack.goods', { value: said.value, deductible: said.deductible });
  return said.religiousToo ? `${goods} ${t('receipts.ack.alsoReligious')}` : goods;
}
