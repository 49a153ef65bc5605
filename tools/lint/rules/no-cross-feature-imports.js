// shared/ARCHITECTURE.md "Conventions" 1: a web feature never imports another feature; shared code moves to
// components/, lib/ or contracts. app/ (router, page registry) may import any feature: it is what wires them.
import { folderUnder, importVisitors, resolveRelative } from './import-sources.js';

const DEFAULT_FEATURES_DIR = 'apps/web/src/features';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'A file in features/<A>/ must not import from features/<B>/ (B ≠ A).' },
    schema: [{ type: 'object', properties: { featuresDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import from feature '{{to}}' ('{{specifier}}'). Move the shared code to components/, lib/ or @tms/contracts.",
    },
  },
  create(context) {
    const featuresDir = context.options[0]?.featuresDir ?? DEFAULT_FEATURES_DIR;
    const from = folderUnder(context.filename, featuresDir);
    if (!from) return {};
    return importVisitors((node, specifier) => {
      const target = resolveRelative(context.filename, specifier);
      const to = target && folderUnder(target, featuresDir);
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to, specifier } });
    });
  },
};
