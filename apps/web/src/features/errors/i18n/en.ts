/** The 404 page (spec 000 §2, 002 §2), English. */
export const en = {
  oops: 'Oops!',
  title: '404 - PAGE NOT FOUND',
  description: 'The page you are looking for might have been removed, had its name changed, is temporarily unavailable or you do not have permission to open it.',
  home: 'GO TO HOMEPAGE',
};
