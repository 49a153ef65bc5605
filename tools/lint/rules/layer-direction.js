// docs/ARCHITECTURE.md "Layers": the server's files stand in layers (config → db → lib → plugins → cores → areas →
// app) and an import only ever points to the same layer or one below. Code that a lower layer needs from a higher one
// moves down (lib/session-user.ts), or the higher layer hands it down (a job handler registered by app-level code).
// The layers, as folder and file prefixes below the server's source folder, live in the ESLint config.
import { importVisitors, pathUnder, resolveRelative } from './import-sources.js';

const DEFAULT_ROOT = 'apps/server/src';
/** Tests and their helpers set up whatever they test: they stand outside the layers. */
const DEFAULT_IGNORE = ['.test.ts', '.test-support.ts', 'test/'];

/**
 * The layer of a path below the root: the layer whose longest prefix matches it (so 'modules/registry.ts' in app wins
 * over 'modules/' in areas). A prefix ending in '/' names a folder, any other a file. Null: in no layer.
 */
function layerOf(relative, layers) {
  let best = null;
  layers.forEach((layer, index) => {
    for (const prefix of layer.paths) {
      const matches = prefix.endsWith('/') ? relative.startsWith(prefix) : relative === prefix;
      if (matches && (!best || prefix.length > best.prefix.length)) best = { index, name: layer.name, prefix };
    }
  });
  return best;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "A server file imports only from its own layer or a lower one (config → db → lib → plugins → cores → areas → app)." },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, paths: { type: 'array', items: { type: 'string' } } },
              required: ['name', 'paths'],
              additionalProperties: false,
            },
          },
          ignore: { type: 'array', items: { type: 'string' } },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "'{{file}}' ({{fromLayer}}) must not import '{{specifier}}' ({{toLayer}}): imports point down the layers ({{order}}). Move what both need down, or let the higher layer pass it in.",
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? DEFAULT_ROOT;
    const layers = context.options[0]?.layers ?? [];
    const ignore = context.options[0]?.ignore ?? DEFAULT_IGNORE;
    const outside = (relative) => ignore.some((part) => (part.endsWith('/') ? relative.startsWith(part) : relative.includes(part)));
    const fromPath = pathUnder(context.filename, root);
    if (fromPath === null || outside(fromPath)) return {};
    const from = layerOf(fromPath, layers);
    if (!from) return {};
    return importVisitors((node, specifier) => {
      const target = resolveRelative(context.filename, specifier);
      const toPath = target && pathUnder(target, root);
      if (toPath === null || toPath === undefined || outside(toPath)) return;
      const to = layerOf(toPath, layers);
      if (to && to.index > from.index) {
        context.report({
          node,
          messageId: 'upward',
          data: { file: fromPath, fromLayer: from.name, specifier, toLayer: to.name, order: layers.map((l) => l.name).join(' → ') },
        });
      }
    });
  },
};
