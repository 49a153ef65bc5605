/** A punch's source and self check-in evidence (issue 28): English, the source. */
export const en = {
  punch: {
    label: 'Source',
    checkIn: 'In: {{text}}',
    checkOut: 'Out: {{text}}',
    source: { device: 'Device', iclock: 'Device', import: 'Import', web: 'Web', kiosk: 'Kiosk' },
    distance: '{{place}}, {{distance}} m',
    sentLate: 'Sent late',
  },
} as const;
