import type { Labels } from '../render/labels';
import { ar } from './ar';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { he } from './he';
import { it } from './it';
import { nl } from './nl';
import { pl } from './pl';
import { pt } from './pt';
import { ptPT } from './pt-PT';

/** The embed's own words besides English, by canonical language tag. Never in the script tag's bundle. */
export const LABEL_TABLES: Readonly<Record<string, Labels>> = {
  de,
  fr,
  es,
  pt,
  'pt-PT': ptPT,
  it,
  nl,
  pl,
  ar,
  he,
};
