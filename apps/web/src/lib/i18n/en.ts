/**
 * The texts lib/ writes itself (namespace `lib`): kept apart from the screen kit's catalogue because notices are in
 * the login page's bundle (bench:bundle), which must not carry the kit's texts.
 */
export const en = {
  notice: {
    errorTitle: 'Error',
    somethingWentWrong: 'Something went wrong',
  },
};
