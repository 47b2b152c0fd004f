import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The texts of the flows members see (the event page's dialogs), ADR 0149. */
export const t = translator(en);
