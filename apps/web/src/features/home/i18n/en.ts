/** The home page of a user none of whose pages is built yet (English, the source). */
export const en = {
  title: 'Welcome, {{name}}',
  subTitle: 'The pages for your role are not available yet. You can change your password from the user menu.',
};
