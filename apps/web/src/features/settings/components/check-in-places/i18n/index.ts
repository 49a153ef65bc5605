import { defineNamespace } from '../../../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const checkInPlacesTexts = defineNamespace('check-in-places', en, vi);
