// The project's own ESLint rules: import boundaries from shared/ARCHITECTURE.md ("Shared cores", "Conventions").
import moduleBoundaries from './rules/module-boundaries.js';
import noCrossFeatureImports from './rules/no-cross-feature-imports.js';
import recalculationThroughQueue from './rules/recalculation-through-queue.js';
import sqlOnlyInRepositories from './rules/sql-only-in-repositories.js';

export default {
  meta: { name: 'tms', version: '1.0.0' },
  rules: {
    'module-boundaries': moduleBoundaries,
    'no-cross-feature-imports': noCrossFeatureImports,
    'recalculation-through-queue': recalculationThroughQueue,
    'sql-only-in-repositories': sqlOnlyInRepositories,
  },
};
