import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The sevas' texts: the list, a seva's page and booking form, My Sevas, family members (ADR 0149). */
export const t = translator(en);
