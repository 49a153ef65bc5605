// shared/ARCHITECTURE.md "Shared cores": a server module reuses the shared cores and never a sibling area's files,
// so areas stay independent and each concept has one owner. The list of cores lives in the ESLint config.
import { folderUnder, importVisitors, resolveRelative } from './import-sources.js';

const DEFAULT_MODULES_DIR = 'apps/server/src/modules';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'A file in modules/<A>/ may import from modules/<B>/ only when B is a shared core.' },
    schema: [
      {
        type: 'object',
        properties: {
          modulesDir: { type: 'string' },
          sharedCores: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      siblingModule:
        "Module '{{from}}' must not import from module '{{to}}' ('{{specifier}}'): only shared cores ({{cores}}) may be imported across modules. Move the shared code into a core or into lib/.",
    },
  },
  create(context) {
    const modulesDir = context.options[0]?.modulesDir ?? DEFAULT_MODULES_DIR;
    const cores = new Set(context.options[0]?.sharedCores ?? []);
    const from = folderUnder(context.filename, modulesDir);
    if (!from) return {};
    return importVisitors((node, specifier) => {
      const target = resolveRelative(context.filename, specifier);
      const to = target && folderUnder(target, modulesDir);
      if (to && to !== from && !cores.has(to)) {
        context.report({
          node,
          messageId: 'siblingModule',
          data: { from, to, specifier, cores: [...cores].join(', ') || 'none' },
        });
      }
    });
  },
};
