import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The panchangam's texts and the native names of its tithis, nakshatras, yogas, karanas and months (ADR 0149). */
export const t = translator(en);
