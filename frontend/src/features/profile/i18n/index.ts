import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The profile's texts: its card, its form with the gotram picker, and the dashboard's identity card (ADR 0149). */
export const t = translator(en);
