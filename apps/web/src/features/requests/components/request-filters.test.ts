import { describe, expect, it } from 'vitest';
import { toFilterQuery } from '../../../components/filter-query.ts';
import { requestsTexts } from '../i18n/index.ts';
import { requestsOfEmployeeSearch } from '../../../components/requests/request-links.ts';
import { INITIAL_REQUEST_VALUES, initialRequestQuery, linkedEmployeeOf, requestFilters, requestListQuery } from './request-filters.ts';

describe('Request Management status filter (spec 000 §4: default Pending; issue 26 §3)', () => {
  it('starts on Pending', () => {
    expect(initialRequestQuery(true).status).toBe('1');
    expect(requestListQuery(initialRequestQuery(false)).status).toBe('1');
  });

  it('an emptied Status filter asks the server for every status, not for its default Pending', () => {
    const fields = requestFilters(requestsTexts.t, true);
    const emptied = toFilterQuery(fields, { ...INITIAL_REQUEST_VALUES, status: [] });
    expect(emptied.status).toBeUndefined();
    expect(requestListQuery(emptied).status).toBe('1,3,4,5,10');
  });

  it('a chosen set of statuses is sent as chosen', () => {
    const fields = requestFilters(requestsTexts.t, false);
    expect(requestListQuery(toFilterQuery(fields, { status: [3, 4] })).status).toBe('3,4');
  });
});

describe('a link to one person\'s requests', () => {
  it('opens on that person with every status; staff, whose filters have no Staff field, keep their own list', () => {
    const params = new URLSearchParams(requestsOfEmployeeSearch({ id: 42, label: 'Nguyễn Văn A - anv' }));
    const linked = linkedEmployeeOf(params, false);
    expect(linked).toEqual({ id: 42, label: 'Nguyễn Văn A - anv' });
    const query = initialRequestQuery(false, linked);
    expect(query.employee).toBe('42');
    expect(query.status?.split(',').length).toBeGreaterThan(1);
    expect(linkedEmployeeOf(params, true)).toBeNull();
    expect(linkedEmployeeOf(new URLSearchParams('employee=abc'), false)).toBeNull();
  });
});
