// The project's own ESLint rules: import boundaries from shared/ARCHITECTURE.md ("Shared cores", "Conventions") and
// the server's layers (docs/ARCHITECTURE.md "Layers"); no user-visible literal in the web (issue 25).
import layerDirection from './rules/layer-direction.js';
import moduleBoundaries from './rules/module-boundaries.js';
import noCrossFeatureImports from './rules/no-cross-feature-imports.js';
import noLiteralUiText from './rules/no-literal-ui-text.js';
import recalculationThroughQueue from './rules/recalculation-through-queue.js';
import sqlOnlyInRepositories from './rules/sql-only-in-repositories.js';

export default {
  meta: { name: 'tms', version: '1.0.0' },
  rules: {
    'layer-direction': layerDirection,
    'module-boundaries': moduleBoundaries,
    'no-cross-feature-imports': noCrossFeatureImports,
    'no-literal-ui-text': noLiteralUiText,
    'recalculation-through-queue': recalculationThroughQueue,
    'sql-only-in-repositories': sqlOnlyInRepositories,
  },
};
