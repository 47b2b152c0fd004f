// Every area's hi messages (each area's `i18n/hi.json`) and date-fns's locale, as one chunk
// loaded only for this language (src/i18n/runtime.ts).
import { format } from 'date-fns';
import { hi } from 'date-fns/locale/hi';
import type { Catalogue, LoadedLanguage } from '../types';

const parts = import.meta.glob<Catalogue>('../../**/i18n/hi.json', { eager: true, import: 'default' });

const language: LoadedLanguage = { messages: Object.assign({}, ...Object.values(parts)) as Catalogue, dateLocale: hi, format };
export default language;
