// shared/ARCHITECTURE.md "Conventions" 3: SQL lives only in repositories and db/. Drizzle's `sql` tag (and sql.raw,
// sql.join, …) is how raw SQL gets written, so it may be imported only where the config allows it.
import { slash } from './import-sources.js';

const isDrizzle = (source) => source === 'drizzle-orm' || source.startsWith('drizzle-orm/');

/**
 * An allow entry matches a file when it is
 * - a folder ('apps/server/src/db/', ends with '/'): the file is anywhere below it;
 * - a name suffix ('.repository.ts', starts with '.'): the file name ends with it;
 * - a file ('apps/server/src/lib/jobs.ts'): the path ends with it.
 */
export function isAllowed(filename, allow) {
  const file = slash(filename);
  return allow.some((entry) => {
    if (entry.endsWith('/')) return `/${file}`.includes(`/${entry.replace(/^\/+/, '')}`);
    if (entry.startsWith('.')) return file.endsWith(entry);
    return `/${file}`.endsWith(`/${entry.replace(/^\/+/, '')}`);
  });
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "drizzle-orm's `sql` only in repositories, db/ and the allowed files." },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      sqlOutsideRepository:
        "drizzle-orm's `sql` is allowed only in *.repository.ts files and db/: move this query into the area's repository.",
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? ['.repository.ts', 'apps/server/src/db/'];
    if (isAllowed(context.filename, allow)) return {};
    const report = (node) => context.report({ node, messageId: 'sqlOutsideRepository' });
    const namespaces = new Set();
    const fromDeclaration = (node) => {
      if (!node.source || !isDrizzle(String(node.source.value))) return;
      if (node.importKind === 'type' || node.exportKind === 'type') return; // type SQL is fine: it carries no text
      for (const spec of node.specifiers ?? []) {
        if (spec.importKind === 'type' || spec.exportKind === 'type') continue;
        if (spec.type === 'ImportNamespaceSpecifier') namespaces.add(spec.local.name);
        const name = spec.type === 'ExportSpecifier' ? spec.local : spec.imported;
        if (name && (name.name ?? name.value) === 'sql') report(spec);
      }
    };
    return {
      ImportDeclaration: fromDeclaration,
      ExportNamedDeclaration: fromDeclaration,
      ExportAllDeclaration(node) {
        if (isDrizzle(String(node.source.value)) && node.exportKind !== 'type') report(node);
      },
      // import * as orm from 'drizzle-orm'; orm.sql`…`
      MemberExpression(node) {
        if (
          node.object.type === 'Identifier' &&
          namespaces.has(node.object.name) &&
          !node.computed &&
          node.property.type === 'Identifier' &&
          node.property.name === 'sql'
        ) {
          report(node);
        }
      },
      // const { sql } = await import('drizzle-orm')
      ImportExpression(node) {
        if (node.source.type !== 'Literal' || !isDrizzle(String(node.source.value))) return;
        let parent = node.parent;
        if (parent?.type === 'AwaitExpression') parent = parent.parent;
        if (parent?.type === 'VariableDeclarator' && parent.id.type === 'ObjectPattern') {
          for (const prop of parent.id.properties) {
            if (prop.type === 'Property' && !prop.computed && prop.key.type === 'Identifier' && prop.key.name === 'sql') report(prop);
          }
        }
      },
    };
  },
};
