import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const employeesTexts = defineNamespace('employees', en, vi);

export type EmployeesT = ReturnType<typeof employeesTexts.useT>['t'];
