import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The events pages', cards', calendar's and registration panel's texts (ADR 0149). */
export const t = translator(en);
