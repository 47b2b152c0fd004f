// A statement's IRS acknowledgements in the page's language, beside the English (src/lib/acknowledgement.ts).
import { readAcknowledgement } from '@/lib/acknowledgement';
import { t } from '../i18n';

/** The translation of `english` to show below it; null in English and for a sentence not known. */
export function acknowledgementTranslation(english: string): string | null {
  const said = readAcknowledgement(english);
  if (!said) return null;
  if (said.kind !== 'goods') return t(`giving.ack.${said.kind}`);
  const goods = t('giving.ack.goods', { value: said.value, deductible: said.deductible });
  return said.religiousToo ? `${goods} ${t('giving.ack.alsoReligious')}` : goods;
}
