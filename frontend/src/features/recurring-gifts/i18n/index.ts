import { translator } from '@/i18n/runtime';
import en from './en.json';

/** Recurring gifts' texts: starting one, the gift's card and page, its dialogs and its rules' messages (ADR 0149). */
export const t = translator(en);
