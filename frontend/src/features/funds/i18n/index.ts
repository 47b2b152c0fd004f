import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The funds pages' texts: the list and a fund's page (ADR 0149). */
export const t = translator(en);
