// Shared by the boundary rules: every place a module names another module, and where an import points.
import path from 'node:path';

/** Calls `check(node, specifier)` for static imports, re-exports and `import()` with a literal specifier. */
export function importVisitors(check) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      const src = node.source;
      if (src.type === 'Literal' && typeof src.value === 'string') check(src, src.value);
      else if (src.type === 'TemplateLiteral' && src.expressions.length === 0) check(src, src.quasis[0].value.cooked);
    },
  };
}

/** Forward-slash form, so the folder checks read the same on every OS. */
export const slash = (p) => p.split(path.sep).join('/');

/** The absolute path a relative specifier points to, or null for a package import. */
export function resolveRelative(filename, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  return slash(path.resolve(path.dirname(filename), specifier));
}

/**
 * The path of `file` below `root` (e.g. 'apps/server/src'), or null when it is not below it. `root` is matched as a
 * path segment sequence anywhere in the absolute path, so the rules need no repository root.
 */
export function pathUnder(file, root) {
  const marker = `/${root.replace(/^\/+|\/+$/g, '')}/`;
  const at = slash(file).lastIndexOf(marker);
  return at < 0 ? null : slash(file).slice(at + marker.length);
}

/** The first folder below `root` (e.g. 'apps/web/src/features') that `file` sits in, or null when it is not below it. */
export function folderUnder(file, root) {
  const rest = pathUnder(file, root);
  if (rest === null) return null;
  const slashAt = rest.indexOf('/');
  return slashAt < 0 ? null : rest.slice(0, slashAt); // a file directly in root (e.g. modules/registry.ts) has no folder
}
