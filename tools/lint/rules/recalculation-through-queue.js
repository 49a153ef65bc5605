// docs/recalculation.md: a write that changes what a timesheet day or an OT pay line depends on records the affected
// employee-days in its own transaction (queueRecalculation), and only the recalculation module recomputes, after the
// commit. So the functions that recompute may be imported only by their owners, the drain, the demo seed, tests and
// benches: a writer that called one would bring back the after-commit call a crash can lose.
import { importVisitors, resolveRelative, slash } from './import-sources.js';
import { isAllowed } from './sql-only-in-repositories.js';

/** Where each recomputing function lives, and its names. */
const RECOMPUTERS = [
  { file: 'apps/server/src/modules/timesheet/recalculate.ts', names: ['recalculateRanges', 'recalculate', 'recalculateEmployeeDays'] },
  { file: 'apps/server/src/modules/overtime-pay/ot-pay.service.ts', names: ['recomputeOvertimePay'] },
  // the drain and the jobs that recompute; the plugin and the job registration are wiring, not calls
  { folder: 'apps/server/src/modules/recalculation/', names: ['recomputeRanges', 'drainAll', 'drainOnce', 'drainScope', 'runRecalculateDaysJob', 'runJudgeEndedDaysJob', 'runWorkingDayCalculation'] },
];

function recomputerOf(target) {
  const file = `/${slash(target)}`;
  return RECOMPUTERS.find((r) => (r.file ? file.endsWith(`/${r.file}`) : file.includes(`/${r.folder}`)));
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Only the recalculation module, the owners, the seed, tests and benches call the recalculation.' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      directRecalculation:
        "'{{name}}' recomputes now: a writer queues its change instead (queueRecalculation from timesheet/recalc-queue.ts, inside the write's transaction); the recalculation module drains it after the commit.",
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? [];
    if (isAllowed(context.filename, allow)) return {};
    return importVisitors((node, specifier) => {
      const target = resolveRelative(context.filename, specifier);
      const owner = target && recomputerOf(target);
      if (!owner) return;
      const declaration = node.parent;
      if (declaration?.importKind === 'type' || declaration?.exportKind === 'type') return;
      const specifiers = declaration?.specifiers ?? [];
      if (declaration?.type === 'ImportExpression' || declaration?.type === 'ExportAllDeclaration') {
        context.report({ node, messageId: 'directRecalculation', data: { name: specifier } });
        return;
      }
      for (const spec of specifiers) {
        if (spec.importKind === 'type' || spec.exportKind === 'type') continue;
        if (spec.type === 'ImportNamespaceSpecifier') {
          context.report({ node: spec, messageId: 'directRecalculation', data: { name: `* as ${spec.local.name}` } });
          continue;
        }
        const imported = spec.type === 'ExportSpecifier' ? spec.local : spec.imported;
        const name = imported?.name ?? imported?.value ?? 'default';
        if (owner.names.includes(name)) context.report({ node: spec, messageId: 'directRecalculation', data: { name } });
      }
    });
  },
};
