// Every area's kn messages (each area's `i18n/kn.json`) and date-fns's locale, as one chunk
// loaded only for this language (src/i18n/runtime.ts).
import { format } from 'date-fns';
import { kn } from 'date-fns/locale/kn';
import type { Catalogue, LoadedLanguage } from '../types';

const parts = import.meta.glob<Catalogue>('../../**/i18n/kn.json', { eager: true, import: 'default' });

const language: LoadedLanguage = { messages: Object.assign({}, ...Object.values(parts)) as Catalogue, dateLocale: kn, format };
export default language;
