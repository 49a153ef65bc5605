import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody } from '../../../lib/api-error.ts';
import { loadFailure } from './my-timesheet-load.ts';

describe('load failure', () => {
  it('shows the server message', () => {
    expect(loadFailure(apiErrorFromBody(500, { code: 500, message: 'Database is down', data: null }))).toEqual({ notice: ['Database is down'], notFound: false });
  });

  it('shows every message of a list', () => {
    expect(loadFailure(apiErrorFromBody(400, { code: 400, message: 'Invalid id', messages: ['Invalid id', 'Other'], data: null })).notice).toEqual(['Invalid id', 'Other']);
  });

  it('says "Fail to get User Timesheet Data" when the server gave no message', () => {
    expect(loadFailure(apiErrorFromBody(502, undefined))).toEqual({ notice: ['Fail to get User Timesheet Data'], notFound: false });
    expect(loadFailure(new ApiError(0, 'Cannot reach the server.'))).toEqual({ notice: ['Fail to get User Timesheet Data'], notFound: false });
    expect(loadFailure(new TypeError('boom')).notice).toEqual(['Fail to get User Timesheet Data']);
  });

  it('treats a 404 (outside scope or unknown) as no data, without a notice', () => {
    expect(loadFailure(apiErrorFromBody(404, { code: 404, message: 'Employee not found', data: null }))).toEqual({ notice: null, notFound: true });
  });

  it('stays quiet for no error, a cancelled call and the 401 that ended the session', () => {
    expect(loadFailure(null)).toEqual({ notice: null, notFound: false });
    expect(loadFailure(new DOMException('aborted', 'AbortError'))).toEqual({ notice: null, notFound: false });
    expect(loadFailure(apiErrorFromBody(401, { message: 'Unauthorized' }, true))).toEqual({ notice: null, notFound: false });
  });
});
