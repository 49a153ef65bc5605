/** The self check-in field of the policy modals (issue 28): English, the source. */
export const en = {
  policy: {
    mode: 'Self check-in',
    places: 'Check-in places',
    placesRequired: 'Choose at least one check-in place',
    modes: {
      OFF: 'Off',
      LISTED_PLACES: 'At the listed places',
      ANY_PLACE: 'At any check-in place',
      ANYWHERE: 'Anywhere (location recorded)',
    },
  },
} as const;
