import { Button } from 'antd';
import type { ExplainFundType, OverviewFigure } from '@tms/contracts/leave-overview';
import { formatHours } from '../../../../lib/numbers.ts';
import { leaveManagementTexts } from '../../i18n/index.ts';

/** Which figure of which fund a click asks to explain, with the value shown (the drawer compares its total to it). */
export type ExplainTarget = { fundType: ExplainFundType; figure: OverviewFigure; shown: number };

type FigureLinkProps = ExplainTarget & { onExplain: (target: ExplainTarget) => void; 'data-testid'?: string };

/** A figure (hours, 2 decimals) that opens the Explain drawer: every figure of the overview is a sum of ledger lines. */
export function FigureLink({ fundType, figure, shown, onExplain, ...rest }: FigureLinkProps) {
  const { t } = leaveManagementTexts.useT();
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      aria-label={t('overview.explainLabel', { fund: t(`overview.funds.${fundType}`), figure: t(`overview.figures.${figure}`), hours: formatHours(shown) })}
      onClick={(event) => {
        event.stopPropagation();
        onExplain({ fundType, figure, shown });
      }}
      data-testid={rest['data-testid']}
    >
      {formatHours(shown)}
    </Button>
  );
}
