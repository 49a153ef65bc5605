/** Logs → Check-in attempts (issue 28): English, the source. */
export const en = {
  attempts: {
    tab: 'Check-in attempts',
    employee: 'Employee',
    outcome: 'Outcome',
    reason: 'Reason',
    source: 'Source',
    place: 'Place',
    receivedAt: 'Received',
    message: 'Message',
    distance: 'Distance',
    accuracy: 'Accuracy',
    position: 'Position',
    network: 'Network address',
    deviceTime: 'Device time',
    export: 'Export',
    outcomes: { REFUSED: 'Refused', LATE: 'Sent late' },
    sources: { web: 'Web', kiosk: 'Kiosk' },
    metres: '{{value}} m',
    inactivePlace: '{{name}} (inactive)',
  },
} as const;
