import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

/** Nguồn lượt chấm công (issue 28): tiếng Việt. */
export const vi: Translation<typeof en> = {
  punch: {
    label: 'Nguồn',
    checkIn: 'Vào: {{text}}',
    checkOut: 'Ra: {{text}}',
    source: { device: 'Máy chấm công', iclock: 'Máy chấm công', import: 'Nhập tệp', web: 'Web', kiosk: 'Kiosk' },
    distance: '{{place}}, {{distance}} m',
    sentLate: 'Gửi muộn',
  },
};
