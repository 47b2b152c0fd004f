import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The home page's texts (ADR 0149). */
export const t = translator(en);
