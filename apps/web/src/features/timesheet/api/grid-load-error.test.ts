import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody } from '../../../lib/api-error.ts';
import { gridLoadErrorText } from './grid-load-error.ts';

describe('gridLoadErrorText (spec 001 §8 list load failure)', () => {
  it('shows the server message, or all of its messages', () => {
    expect(gridLoadErrorText(apiErrorFromBody(404, { code: 404, message: 'Timesheet not found', data: null }))).toEqual(['Timesheet not found']);
    expect(gridLoadErrorText(apiErrorFromBody(400, { code: 400, message: 'A', messages: ['A', 'B'], data: null }))).toEqual(['A', 'B']);
  });

  it("falls back to 'Fail to get Timesheet Data' without a server message", () => {
    expect(gridLoadErrorText(new ApiError(0, 'Cannot reach the server.'))).toEqual(['Fail to get Timesheet Data']);
    expect(gridLoadErrorText(apiErrorFromBody(502, undefined))).toEqual(['Fail to get Timesheet Data']);
    expect(gridLoadErrorText(new Error('boom'))).toEqual(['Fail to get Timesheet Data']);
  });

  it('stays silent for a cancelled load and for the 401 that ended the session', () => {
    expect(gridLoadErrorText(new DOMException('aborted', 'AbortError'))).toBeNull();
    expect(gridLoadErrorText(apiErrorFromBody(401, { message: 'Unauthorized' }, true))).toBeNull();
  });
});
