// Every area's ta messages (each area's `i18n/ta.json`) and date-fns's locale, as one chunk
// loaded only for this language (src/i18n/runtime.ts).
import { format } from 'date-fns';
import { ta } from 'date-fns/locale/ta';
import type { Catalogue, LoadedLanguage } from '../types';

const parts = import.meta.glob<Catalogue>('../../**/i18n/ta.json', { eager: true, import: 'default' });

const language: LoadedLanguage = { messages: Object.assign({}, ...Object.values(parts)) as Catalogue, dateLocale: ta, format };
export default language;
