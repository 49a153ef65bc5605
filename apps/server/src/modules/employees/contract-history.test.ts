import { describe, expect, it } from 'vitest';
import { planContractHistory, type FormContract, type HistoryContract } from './contract-history.ts';

/**
 * The contract history kept in step with the employee form (RULES.md §7: the form's contract is the history's
 * contract from its start date), table-driven.
 */
const P: HistoryContract = { id: 1, type: 'P', from: '2026-09-01', to: '2026-10-31' };
const POpen: HistoryContract = { id: 1, type: 'P', from: '2026-09-01', to: null };
const fixed: HistoryContract = { id: 2, type: '1236', from: '2025-01-01', to: '2025-12-31' };
const renewal: HistoryContract = { id: 3, type: '1236', from: '2026-01-01', to: '2026-12-31' };

const cases: { name: string; history: HistoryContract[]; form: FormContract; expected: ReturnType<typeof planContractHistory> }[] = [
  {
    name: 'a new employee: the form is the history',
    history: [],
    form: { type: 'P', from: '2026-09-01', to: '2026-10-31' },
    expected: { insert: [{ type: 'P', from: '2026-09-01', to: '2026-10-31' }], end: [], remove: [] },
  },
  {
    name: 'probation turned official from 26/11: the open probation ends the day before, the official one follows',
    history: [POpen],
    form: { type: 'UNLIMTED', from: '2026-11-26', to: null },
    expected: { insert: [{ type: 'UNLIMTED', from: '2026-11-26', to: null }], end: [{ id: 1, to: '2026-11-25', was: null }], remove: [] },
  },
  {
    name: 'official after a probation that had already ended: the probation stays as it was',
    history: [P],
    form: { type: 'UNLIMTED', from: '2026-11-26', to: null },
    expected: { insert: [{ type: 'UNLIMTED', from: '2026-11-26', to: null }], end: [], remove: [] },
  },
  {
    name: 'the form as the history has it: nothing to write',
    history: [fixed, renewal],
    form: { type: '1236', from: '2026-01-01', to: '2026-12-31' },
    expected: { insert: [], end: [], remove: [] },
  },
  {
    name: 'only the end date changed: the same contract gets the new end',
    history: [fixed, renewal],
    form: { type: '1236', from: '2026-01-01', to: '2027-06-30' },
    expected: { insert: [], end: [{ id: 3, to: '2027-06-30', was: '2026-12-31' }], remove: [] },
  },
  {
    name: 'a start moved earlier: contracts from the new start on are replaced by the form’s',
    history: [fixed, renewal],
    form: { type: 'UNLIMTED', from: '2025-06-01', to: null },
    expected: { insert: [{ type: 'UNLIMTED', from: '2025-06-01', to: null }], end: [{ id: 2, to: '2025-05-31', was: '2025-12-31' }], remove: [renewal] },
  },
  {
    name: 'no contract type: none from the form’s start on',
    history: [POpen],
    form: { type: null, from: '2026-11-01', to: null },
    expected: { insert: [], end: [{ id: 1, to: '2026-10-31', was: null }], remove: [] },
  },
  {
    name: 'an employee without stored history: their old form contract is stored up to the new start',
    history: [{ id: null, type: 'P', from: '2026-09-01', to: null }],
    form: { type: 'UNLIMTED', from: '2026-11-26', to: null },
    expected: {
      insert: [
        { type: 'P', from: '2026-09-01', to: '2026-11-25' },
        { type: 'UNLIMTED', from: '2026-11-26', to: null },
      ],
      end: [],
      remove: [],
    },
  },
  {
    name: 'a start on the day a stored contract starts, another type: that contract is replaced',
    history: [POpen],
    form: { type: 'UNLIMTED', from: '2026-09-01', to: null },
    expected: { insert: [{ type: 'UNLIMTED', from: '2026-09-01', to: null }], end: [], remove: [POpen] },
  },
];

describe('planContractHistory', () => {
  it.each(cases)('$name', ({ history, form, expected }) => {
    expect(planContractHistory(history, form)).toEqual(expected);
  });

  it('leaves the form’s contract as the latest of the history, whatever the history was', () => {
    const history = [fixed, renewal, { id: 4, type: 'P', from: '2027-01-01', to: null }];
    for (const form of cases.map((c) => c.form).filter((f) => f.type !== null)) {
      const plan = planContractHistory(history, form);
      const removed = new Set(plan.remove.map((r) => r.id));
      const after = [
        ...history.filter((h) => !removed.has(h.id)).map((h) => ({ ...h, to: plan.end.find((e) => e.id === h.id)?.to ?? h.to })),
        ...plan.insert,
      ].sort((a, b) => (a.from < b.from ? -1 : 1));
      expect(after.at(-1)).toMatchObject({ type: form.type, from: form.from, to: form.to });
      for (let i = 1; i < after.length; i++) expect(after[i - 1]!.to !== null && after[i - 1]!.to! < after[i]!.from).toBe(true);
    }
  });
});
