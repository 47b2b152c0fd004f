import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The header's, footer's and menus' texts (ADR 0149). */
export const t = translator(en);
