import { Tag } from 'antd';
import { commonTexts } from './i18n/index.ts';
import { STATUS_TONES, statusInfo, type StatusKind, type StatusTone } from './status-info.ts';

export type StatusTagProps =
  | {
      /** Which status list the number belongs to (status-info.ts). */
      kind: StatusKind;
      status: number | string | null | undefined;
      /** Overrides the looked-up label. */
      label?: string;
      /** A tone of status-info.ts, or any antd Tag colour (then its contrast is the caller's concern). */
      color?: StatusTone | (string & {});
    }
  | {
      kind?: undefined;
      status?: undefined;
      /** A free status: label and tone. */
      label: string;
      color?: StatusTone | (string & {});
    };

const isTone = (color: string): color is StatusTone => Object.hasOwn(STATUS_TONES, color);

/** A coloured status tag (spec 000 §4 "shared status display"): dark text on a light background, ≥ 4.5:1. */
export function StatusTag(props: StatusTagProps) {
  const { t } = commonTexts.useT();
  const info = props.kind ? statusInfo(props.kind, props.status, t) : { label: props.label, color: 'default' as const };
  const label = props.label ?? info.label;
  const color: string = props.color ?? info.color;
  const tone = isTone(color) ? STATUS_TONES[color] : null;
  return tone ? (
    <Tag style={{ color: tone.color, background: tone.background, borderColor: tone.border }} data-status={props.status ?? label}>
      {label}
    </Tag>
  ) : (
    <Tag color={color} data-status={props.status ?? label}>
      {label}
    </Tag>
  );
}
