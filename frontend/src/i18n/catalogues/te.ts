// Every area's te messages (each area's `i18n/te.json`) and date-fns's locale, as one chunk
// loaded only for this language (src/i18n/runtime.ts).
import { format } from 'date-fns';
import { te } from 'date-fns/locale/te';
import type { Catalogue, LoadedLanguage } from '../types';

const parts = import.meta.glob<Catalogue>('../../**/i18n/te.json', { eager: true, import: 'default' });

const language: LoadedLanguage = { messages: Object.assign({}, ...Object.values(parts)) as Catalogue, dateLocale: te, format };
export default language;
