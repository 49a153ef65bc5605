import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const attendanceDevicesTexts = defineNamespace('attendance-devices', en, vi);

export type AttendanceDevicesT = ReturnType<typeof attendanceDevicesTexts.useT>['t'];
