/** The screen kit's texts (namespace `common`), English, the source. */
export const en = {};
