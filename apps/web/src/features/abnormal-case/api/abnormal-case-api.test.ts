import { describe, expect, it } from 'vitest';
import { explanationUpdateSchema } from '@tms/contracts/explanations';
import { EXPLANATION_UPDATE_PATH, delegateBody } from './abnormal-case-api.ts';

describe('abnormal case delegate', () => {
  it('hands the explanation request over through update-explanation (update-assignee refuses explanation rows)', () => {
    expect(EXPLANATION_UPDATE_PATH).toBe('/tms/explanation-management/update-explanation');
    const body = delegateBody(42, 7);
    expect(body).toEqual({ id: 42, assignee: 7 });
    expect(explanationUpdateSchema.parse(body)).toMatchObject({ id: 42, assignee: 7 });
  });
});
