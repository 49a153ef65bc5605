import { Tag } from 'antd';
import { statusInfo, type StatusKind } from './status-info.ts';

export type StatusTagProps =
  | {
      /** Which status list the number belongs to (status-info.ts). */
      kind: StatusKind;
      status: number | string | null | undefined;
      /** Overrides the looked-up label. */
      label?: string;
      color?: string;
    }
  | {
      kind?: undefined;
      status?: undefined;
      /** A free status: label and antd Tag colour. */
      label: string;
      color?: string;
    };

/** A coloured status tag (spec 000 §4 "shared status display"). */
export function StatusTag(props: StatusTagProps) {
  const info = props.kind ? statusInfo(props.kind, props.status) : { label: props.label, color: 'default' };
  const label = props.label ?? info.label;
  return (
    <Tag color={props.color ?? info.color} data-status={props.status ?? label}>
      {label}
    </Tag>
  );
}
